import { z } from 'zod';
import { updateProductSchema, type AdminProductDto, type UpdateProductInput } from '../../../../../shared/schemas/staff/products';
import { eurosToCents } from '../product/euro-cents';
import type { PlacementValues } from '../product/placement-fields';
import { NO_SUBCATEGORY } from '../product/product-form-values';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../../../../shared/catalog/catalogue-texts';
import type { StorageType } from '../../../../../shared/catalog/storage-types';

/** What the edit dialog holds: text as typed (the price in euros), the place and image as the selects hold them. */
export interface ProductEditValues extends PlacementValues {
  name: string;
  price: string;
  stock: string;
  description: string;
  /** The other languages' texts (issue 34): empty shows the French one. */
  name_nl: string;
  description_nl: string;
  name_en: string;
  description_en: string;
  name_pl: string;
  description_pl: string;
  /** Months one payment buys, as the select holds it. */
  billing_months: string;
  bandwidth: string;
  /** '' : none said. */
  storage_type: '' | StorageType;
}

export type ProductEditField = keyof ProductEditValues;

/** Each field's message when checkProductEdit refuses it (the three placement fields share one). */
export const EDIT_ERROR_KEYS: Record<ProductEditField, string> = {
  name: 'staff.products.nameInvalid',
  price: 'staff.products.priceInvalid',
  stock: 'staff.products.stockInvalid',
  description: 'staff.products.actionError',
  name_nl: 'staff.product.invalid',
  description_nl: 'staff.product.invalid',
  name_en: 'staff.product.invalid',
  description_en: 'staff.product.invalid',
  name_pl: 'staff.product.invalid',
  description_pl: 'staff.product.invalid',
  billing_months: 'staff.product.invalid',
  bandwidth: 'staff.product.invalid',
  storage_type: 'staff.product.invalid',
  category_id: 'staff.product.placementRequired',
  subcategory_id: 'staff.product.placementRequired',
  image: 'staff.product.placementRequired',
};

/** "1299" cents -> "12,99" as a French-first editor types it. */
export const centsToEuros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

const TEXTS = ['name', 'description'] as const;
type TranslatedField = `${(typeof TEXTS)[number]}_${TranslatedLanguage}`;

/** Each language's name and description as the fields hold them ('' where French shows). */
function textsOf(product: AdminProductDto): Record<TranslatedField, string> {
  const texts = {} as Record<TranslatedField, string>;
  for (const lng of TRANSLATED_LANGUAGES) for (const text of TEXTS) texts[`${text}_${lng}`] = product.translations[lng]?.[text] ?? '';
  return texts;
}

/** The server's names of the fields the dialog names otherwise (translations.nl.name is name_nl). */
export const EDIT_SERVER_FIELDS: Record<string, ProductEditField> = {
  price_cents: 'price',
  ...Object.fromEntries(TRANSLATED_LANGUAGES.flatMap((lng) => TEXTS.map((text) => [`translations.${lng}.${text}`, `${text}_${lng}`]))),
};

/** The dialog's field a schema path names. */
function editFieldOf(path: readonly PropertyKey[]): ProductEditField {
  const [key, lng, text] = path.map(String);
  if (key === 'category_id' || key === 'subcategory_id') return 'subcategory_id';
  const named = EDIT_SERVER_FIELDS[[key, lng, text].filter(Boolean).join('.')] ?? EDIT_SERVER_FIELDS[key ?? ''];
  if (named) return named;
  return key && key in EDIT_ERROR_KEYS ? (key as ProductEditField) : 'description';
}

export const editValuesOf = (product: AdminProductDto): ProductEditValues => ({
  name: product.name,
  price: centsToEuros(product.price_cents),
  stock: String(product.stock),
  description: product.description,
  ...textsOf(product),
  billing_months: String(product.billing_months),
  bandwidth: product.bandwidth,
  storage_type: product.storage_type ?? '',
  category_id: String(product.category_id),
  subcategory_id: product.subcategory_id === null ? NO_SUBCATEGORY : String(product.subcategory_id),
  image: product.image,
});

export type EditCheck = { ok: true; body: UpdateProductInput } | { ok: false; invalid: ProductEditField[]; nothingChanged?: boolean };

/**
 * The PATCH body: only the fields that changed, checked by the server's own schema. The price is
 * typed in euros and sent in cents; a stock must be a whole number.
 */
export function checkProductEdit(product: AdminProductDto, values: ProductEditValues): EditCheck {
  const invalid: ProductEditField[] = [];
  const name = values.name.trim();
  if (name === '') invalid.push('name');
  const priceCents = eurosToCents(values.price);
  if (priceCents === null || priceCents <= 0) invalid.push('price');
  const stock = /^\d{1,7}$/.test(values.stock.trim()) ? Number(values.stock.trim()) : null;
  if (stock === null) invalid.push('stock');
  // Another category empties the subcategory: it must be chosen again (issue 17).
  if (values.subcategory_id === '') invalid.push('subcategory_id');
  if (invalid.length > 0) return { ok: false, invalid };

  const body: UpdateProductInput = {};
  if (name !== product.name) body.name = name;
  if (priceCents !== product.price_cents) body.price_cents = priceCents!;
  if (stock !== product.stock) body.stock = stock!;
  if (values.description !== product.description) body.description = values.description;
  // The translations go whole when one text changed (the server keeps only the texts given).
  const texts = textsOf(product);
  if (TRANSLATED_LANGUAGES.some((lng) => TEXTS.some((text) => values[`${text}_${lng}`].trim() !== texts[`${text}_${lng}`]))) {
    body.translations = Object.fromEntries(
      TRANSLATED_LANGUAGES.map((lng) => [lng, { name: values[`name_${lng}`], description: values[`description_${lng}`] }]),
    );
  }
  if (Number(values.billing_months) !== product.billing_months) body.billing_months = Number(values.billing_months);
  if (values.bandwidth.trim() !== product.bandwidth) body.bandwidth = values.bandwidth.trim();
  if ((values.storage_type || null) !== product.storage_type) body.storage_type = values.storage_type || null;
  if (values.image !== '' && values.image !== product.image) body.image = values.image;
  const subcategoryId = values.subcategory_id === NO_SUBCATEGORY ? null : Number(values.subcategory_id);
  if (Number(values.category_id) !== product.category_id || subcategoryId !== product.subcategory_id) {
    // A move names both, as the server wants.
    body.category_id = Number(values.category_id);
    body.subcategory_id = subcategoryId;
  }
  const parsed = updateProductSchema.safeParse(body);
  if (Object.keys(body).length === 0) return { ok: false, invalid: [], nothingChanged: true };
  if (!parsed.success) return { ok: false, invalid: [...new Set(parsed.error.issues.map((issue) => editFieldOf(issue.path)))] };
  return { ok: true, body: parsed.data };
}

/**
 * checkProductEdit as the dialog's resolver schema: each refused field carries its message key; what
 * the dialog hands on is the PATCH body, or null when nothing changed (nothing to send, no field wrong).
 */
export function productEditSchema(product: AdminProductDto) {
  return z.custom<ProductEditValues>().transform((values, ctx): UpdateProductInput | null => {
    const check = checkProductEdit(product, values);
    if (check.ok) return check.body;
    if (check.nothingChanged) return null;
    for (const field of check.invalid) ctx.addIssue({ code: 'custom', path: [field], message: EDIT_ERROR_KEYS[field] });
    return z.NEVER;
  });
}
