import { z } from 'zod';
import type { ProductImage } from '../../../../../shared/catalog/product-images';
import { createProductSchema, type CreateProductInput } from '../../../../../shared/schemas/staff/products';
import { eurosToCents } from './euro-cents';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../../../../shared/catalog/catalogue-texts';
import type { StorageType } from '../../../../../shared/catalog/storage-types';

/** The form as typed: every field a string, money in euros. */
export interface ProductFormValues {
  name: string;
  slug: string;
  description: string;
  /** The other languages' texts (issue 34): empty shows the French one. */
  name_nl: string;
  description_nl: string;
  name_en: string;
  description_en: string;
  name_pl: string;
  description_pl: string;
  price: string;
  support: string;
  margin: string;
  tax_rate: string;
  currency: 'EUR' | 'USD' | 'CAD';
  region: string;
  os: string;
  ram: string;
  cores: string;
  storage: string;
  traffic: string;
  bandwidth: string;
  /** Months one payment buys (one of BILLING_PERIOD_MONTHS), as the select holds it. */
  billing_months: string;
  /** NVMe, SSD, HDD, or '' (the type the storage line names). */
  storage_type: '' | StorageType;
  /** Units on sale; without it a new product shows 'Indisponible' in the shop. */
  stock: string;
  /** Ids as the selects hold them; '' until chosen. */
  category_id: string;
  /** A subcategory id, NO_SUBCATEGORY ("Sans sous-catégorie", chosen on purpose) or '' (not chosen yet). */
  subcategory_id: string;
  image: ProductImage | '';
}

/** The subcategory select's explicit "Sans sous-catégorie". */
export const NO_SUBCATEGORY = 'none';

/** Spec §5 "Product form" defaults: support and margin 0, tax 21, EUR, cores 0. */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  slug: '',
  description: '',
  name_nl: '',
  description_nl: '',
  name_en: '',
  description_en: '',
  name_pl: '',
  description_pl: '',
  price: '',
  support: '0',
  margin: '0',
  tax_rate: '21',
  currency: 'EUR',
  region: '',
  os: '',
  ram: '',
  cores: '0',
  storage: '',
  traffic: '',
  bandwidth: '',
  billing_months: '1',
  storage_type: '',
  stock: '0',
  category_id: '',
  subcategory_id: '',
  image: '',
};

export type ProductField = keyof ProductFormValues;

export type ProductCheck =
  | { ok: true; payload: CreateProductInput }
  /** `messageKey` is the form's message; `fields` the fields to mark invalid. */
  | { ok: false; messageKey: string; fields: ProductField[] };

/**
 * The spec's checks in its order (name and slug, then price), then the shared schema as the last
 * word, so the client never sends what the server would refuse. Money leaves as cents.
 */
export function checkProductForm(values: ProductFormValues): ProductCheck {
  const missing = (['name', 'slug'] as const).filter((field) => values[field].trim() === '');
  if (missing.length > 0) return { ok: false, messageKey: 'staff.product.required', fields: [...missing] };

  const price = eurosToCents(values.price);
  if (price === null || price <= 0) {
    // "0" and an empty price say the spec's sentence; "abc" or "9,999" are not amounts at all.
    const notAmount = values.price.trim() !== '' && price === null;
    return { ok: false, messageKey: notAmount ? 'staff.product.amountError' : 'staff.product.priceError', fields: ['price'] };
  }
  const support = eurosToCents(values.support || '0');
  const margin = eurosToCents(values.margin || '0');
  const badMoney = [support === null && 'support', margin === null && 'margin'].filter(Boolean) as ProductField[];
  if (badMoney.length > 0) return { ok: false, messageKey: 'staff.product.amountError', fields: badMoney };
  // Issue 17: where the product goes is a choice, never a default (the image follows the category).
  const unplaced = (['category_id', 'subcategory_id', 'image'] as const).filter((field) => values[field] === '');
  if (unplaced.length > 0) return { ok: false, messageKey: 'staff.product.placementRequired', fields: [...unplaced] };

  const parsed = createProductSchema.safeParse({
    name: values.name,
    slug: values.slug,
    description: values.description,
    translations: Object.fromEntries(
      TRANSLATED_LANGUAGES.map((lng) => [lng, { name: values[`name_${lng}`], description: values[`description_${lng}`] }]),
    ),
    storage_type: values.storage_type === '' ? undefined : values.storage_type,
    price_cents: price,
    support_cents: support,
    margin_cents: margin,
    tax_rate: values.tax_rate === '' ? undefined : values.tax_rate,
    currency: values.currency,
    region: values.region,
    os: values.os,
    ram: values.ram,
    cores: values.cores === '' ? undefined : values.cores,
    storage: values.storage,
    traffic: values.traffic,
    bandwidth: values.bandwidth,
    billing_months: values.billing_months,
    stock: values.stock === '' ? undefined : values.stock,
    category_id: values.category_id,
    subcategory_id: values.subcategory_id === NO_SUBCATEGORY ? null : values.subcategory_id,
    image: values.image,
  });
  if (parsed.success) return { ok: true, payload: parsed.data };
  const field = formFieldOf(parsed.error.issues[0]?.path ?? []);
  return { ok: false, messageKey: field === 'slug' ? 'staff.product.slugError' : 'staff.product.invalid', fields: [field] };
}

/**
 * checkProductForm as the form's resolver schema: every field it names carries its message key (the
 * form shows that message once), and what the form hands on is the payload, money in cents.
 */
export const productFormSchema = z.custom<ProductFormValues>().transform((values, ctx) => {
  const check = checkProductForm(values);
  if (check.ok) return check.payload;
  for (const field of check.fields) ctx.addIssue({ code: 'custom', path: [field], message: check.messageKey });
  return z.NEVER;
});

/** The server's names for the fields typed in euros here. */
export const SERVER_MONEY_FIELDS = { price_cents: 'price', support_cents: 'support', margin_cents: 'margin' } as const;

/** The form field a schema path comes from (money typed in euros, sent as cents; translations.nl.name is name_nl). */
export function formFieldOf(path: readonly PropertyKey[]): ProductField {
  const [key, lng, text] = path.map(String);
  if (key === 'translations') return `${text === 'description' ? 'description' : 'name'}_${(lng ?? 'nl') as TranslatedLanguage}`;
  const renamed: Record<string, ProductField> = SERVER_MONEY_FIELDS;
  return renamed[key ?? ''] ?? (key as ProductField);
}

/** The language whose texts hold one of these fields in error, to open its tab. */
export function languageOfFields(fields: readonly ProductField[]): TranslatedLanguage | undefined {
  return TRANSLATED_LANGUAGES.find((lng) => fields.includes(`name_${lng}`) || fields.includes(`description_${lng}`));
}
