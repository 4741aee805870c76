import { z } from 'zod';
import { BILLING_PERIOD_MONTHS } from '../../billing/service-period';
import { CURRENCIES, SERVICE_KINDS } from '../../constants';
import {
  deliveryChoiceIssues,
  deliverySettingsSchema,
  gameVariantSchema,
  gameVariantsSchema,
  osChoiceSchema,
  osChoicesSchema,
} from '../delivery-settings';
import { entityId } from '../ids';
import { afterCursor, nextCursor, pageLimit } from '../paging';
import { productImageSchema } from '../product-image';
import { eurosToCents } from '../../staff/euro-cents';
import { isoDate } from './common';
import { compactTranslations, productTranslationsSchema } from '../../catalog/catalogue-texts';
import { STORAGE_TYPES, storageTypeIn } from '../../catalog/storage-types';

// Category 3 "Produits" and the product creation form (spec §2, §3 "Product creation payload").

const PRICE_REQUIRED = 'Le prix doit être supérieur à 0.';
const AMOUNT = 'Montant en euros attendu (ex. 9.99).';
const MAX_CENTS = 100_000_000;

/** Flat fields in cents (the back-office form). */
const cents = z.coerce.number().int().min(0).max(MAX_CENTS);
/** The spec's payload: euros as the form shows them ("9.99", "9,99" or 9.99), converted exactly. */
const euros = z.union([z.string(), z.number()], { error: AMOUNT }).transform((value, ctx) => {
  const converted = eurosToCents(value);
  if (converted === null || converted > MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: AMOUNT });
    return z.NEVER;
  }
  return converted;
});
/** A nested object that may also arrive as JSON text (the spec's `…_json` naming). */
const jsonObject = <S extends z.ZodType>(shape: S) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value; // refused below as "not an object"
    }
  }, shape);
const specText = (max: number) => z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(max));
const text = (max: number) => z.string().trim().max(max);
const coresSchema = z.coerce.number().int().min(0).max(512);
/** Months one payment buys (issue 34): one of the periods the form offers. */
const billingMonthsSchema = z.coerce
  .number()
  .int()
  .refine((months) => (BILLING_PERIOD_MONTHS as readonly number[]).includes(months), {
    message: `Période de facturation attendue : ${BILLING_PERIOD_MONTHS.join(', ')} mois.`,
  });

/**
 * POST /api/admin/create (admin only) -> {productId} (spec §2 "Product creation form", §3 "Product
 * creation payload", §5 defaults). Two shapes are accepted: the spec's (price, support, margin in
 * euros; ovh_config_json {region, os}; config_products {ram, cores, storage, traffic}) and the
 * flat one (price_cents, support_cents, margin_cents; region, os, ram, cores, storage, traffic).
 * Either way the service gets the flat shape in cents.
 */
export const createProductSchema = z
  .object({
    name: z.string().trim().min(1, 'Le nom et le slug sont obligatoires.').max(200),
    slug: z
      .string()
      .trim()
      .min(1, 'Le nom et le slug sont obligatoires.')
      .max(120)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    description: z.string().max(5000).default(''),
    /** Dutch, English and Polish texts (issue 34); each one missing shows the French one. */
    translations: productTranslationsSchema.default({}),
    /** What the disks are; absent: the type the storage line names ("80 Go NVMe"), else none. */
    storage_type: z.enum(STORAGE_TYPES).nullable().optional(),
    price_cents: z.coerce.number().int().positive(PRICE_REQUIRED).max(MAX_CENTS).optional(),
    support_cents: cents.optional(),
    margin_cents: cents.optional(),
    price: euros.optional(),
    support: euros.optional(),
    margin: euros.optional(),
    tax_rate: z.coerce.number().min(0).max(100).default(21),
    currency: z.enum(CURRENCIES).default('EUR'),
    region: text(60).optional(),
    os: text(60).optional(),
    ram: text(30).optional(),
    cores: coresSchema.optional(),
    storage: text(30).optional(),
    traffic: text(30).optional(),
    bandwidth: text(30).optional(),
    /** Months one payment buys; the spec's ovh_duration (text holding a number) is accepted too. */
    billing_months: billingMonthsSchema.optional(),
    ovh_duration: billingMonthsSchema.optional(),
    ovh_config_json: jsonObject(z.object({ region: specText(60).optional(), os: specText(60).optional() })).optional(),
    config_products: jsonObject(
      z.object({
        ram: specText(30).optional(),
        cores: coresSchema.optional(),
        storage: specText(30).optional(),
        traffic: specText(30).optional(),
        bandwidth: specText(30).optional(),
      }),
    ).optional(),
    stock: z.coerce.number().int().min(0).max(1_000_000).default(0),
    category_id: entityId().optional(),
    /** null: explicitly "Sans sous-catégorie" (the form asks; an absent one is left to the category rule). */
    subcategory_id: entityId().nullable().optional(),
    /** One of the shop's illustrations; absent: the category's (shared/catalog/product-images.ts). */
    image: productImageSchema.optional(),
    /** How it is delivered (issue 31); absent: by an agent, as before. Pterodactyl settings are checked against the panel. */
    delivery: deliverySettingsSchema.default({ mode: 'manual' }),
    /** VPS or game server; implied by every mode but manual (a VPS when absent). */
    service_kind: z.enum(SERVICE_KINDS).optional(),
    /** The systems a VPS buyer chooses from; absent: none to choose. */
    os_choices: osChoicesSchema.default([]),
    /** A game server's variants (Paper, Forge…); absent: none to choose. */
    variants: gameVariantsSchema.default([]),
  })
  .transform((input, ctx) => {
    const priceCents = input.price_cents ?? input.price;
    if (priceCents === undefined || priceCents <= 0) {
      ctx.addIssue({ code: 'custom', path: [input.price_cents === undefined ? 'price' : 'price_cents'], message: PRICE_REQUIRED });
      return z.NEVER;
    }
    const choiceIssues = deliveryChoiceIssues({
      serviceKind: input.service_kind,
      delivery: input.delivery,
      osChoices: input.os_choices,
      variants: input.variants,
    });
    for (const issue of choiceIssues) ctx.addIssue({ code: 'custom', ...issue });
    if (choiceIssues.length) return z.NEVER;
    const ovh = input.ovh_config_json ?? {};
    const config = input.config_products ?? {};
    return {
      name: input.name,
      slug: input.slug,
      description: input.description,
      translations: compactTranslations(input.translations),
      storage_type: input.storage_type === undefined ? storageTypeIn(input.storage ?? config.storage) : input.storage_type,
      price_cents: priceCents,
      support_cents: input.support_cents ?? input.support ?? 0,
      margin_cents: input.margin_cents ?? input.margin ?? 0,
      tax_rate: input.tax_rate,
      currency: input.currency,
      region: input.region ?? ovh.region ?? '',
      // The machine's system: the one named, else the first the buyer may choose.
      os: input.os ?? ovh.os ?? input.os_choices[0]?.name ?? '',
      ram: input.ram ?? config.ram ?? '',
      cores: input.cores ?? config.cores ?? 0,
      storage: input.storage ?? config.storage ?? '',
      traffic: input.traffic ?? config.traffic ?? '',
      bandwidth: input.bandwidth ?? config.bandwidth ?? '',
      billing_months: input.billing_months ?? input.ovh_duration ?? 1,
      stock: input.stock,
      category_id: input.category_id,
      subcategory_id: input.subcategory_id,
      image: input.image,
      delivery: input.delivery,
      service_kind: input.service_kind,
      os_choices: input.os_choices,
      variants: input.variants,
    };
  });
export type CreateProductInput = z.output<typeof createProductSchema>;
export type CreateProductPayload = z.input<typeof createProductSchema>;

export const createProductAnswerSchema = z.object({ productId: z.number().int() });
export type CreateProductDto = z.infer<typeof createProductAnswerSchema>;

export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/** GET /api/admin/products?q=&archived=&after= (Produits, manager and admin): 50 a page, by name. */
export const adminProductsQuerySchema = z.object({
  /** Part of the name or the slug; empty: every product. */
  q: z.string().trim().max(200).default(''),
  /** 'true': the archived products (out of the shop) only; otherwise the active ones. */
  archived: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  /** The last product shown (the previous page's `next`). */
  after: afterCursor,
  limit: pageLimit(ADMIN_PRODUCTS_PAGE_SIZE),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

/** GET /api/admin/categories -> the categories a product may go into, each with its subcategories. */
export const staffCategoriesSchema = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      subcategories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type StaffCategoriesDto = z.infer<typeof staffCategoriesSchema>;

/** One product as the Produits category lists and edits it; money in cents (HT, before tax). */
export const adminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  /** null: "Sans sous-catégorie". */
  subcategory_id: z.number().int().nullable(),
  subcategory_name: z.string().nullable(),
  image: productImageSchema,
  price_cents: z.number().int(),
  support_cents: z.number().int(),
  margin_cents: z.number().int(),
  tax_rate: z.number(),
  currency: z.string(),
  stock: z.number().int(),
  /** false: archived, out of the shop. */
  is_active: z.boolean(),
  description: z.string(),
  /** The other languages' texts; a language or text missing shows French (the back-office says so). */
  translations: productTranslationsSchema,
  storage_type: z.enum(STORAGE_TYPES).nullable(),
  /** Months one payment buys (stored in ovh_duration). */
  billing_months: z.number().int(),
  /** The "Bande passante" line of its specs ('' when none). */
  bandwidth: z.string(),
  updated_at: isoDate,
  service_kind: z.enum(SERVICE_KINDS),
  /** The delivery section as saved; null when the stored settings no longer read (save them again). */
  delivery: deliverySettingsSchema.nullable(),
  os_choices: z.array(osChoiceSchema),
  variants: z.array(gameVariantSchema),
});
export type AdminProductDto = z.infer<typeof adminProductSchema>;

export const adminProductsPageSchema = z.object({ products: z.array(adminProductSchema), next: nextCursor, hasMore: z.boolean() });
export type AdminProductsPageDto = z.infer<typeof adminProductsPageSchema>;

const productCents = z.number().int().max(100_000_000);

/**
 * PATCH /api/admin/products/{id} -> {product}: the fields to change, at least one. Unknown fields
 * (slug, currency…) are refused rather than ignored: the editor must not think they changed.
 * Past orders are not touched: their lines hold a copy of the prices.
 */
export const updateProductSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Le nom est obligatoire.').max(200).optional(),
    description: z.string().max(5000).optional(),
    /** The other languages' texts, whole: a language left out falls back to French. */
    translations: productTranslationsSchema.transform(compactTranslations).optional(),
    storage_type: z.enum(STORAGE_TYPES).nullable().optional(),
    /** Months one payment buys from the next order on; running services keep the period they were bought with. */
    billing_months: billingMonthsSchema.optional(),
    bandwidth: text(30).optional(),
    price_cents: productCents.positive('Le prix doit être supérieur à 0.').optional(),
    support_cents: productCents.min(0).optional(),
    margin_cents: productCents.min(0).optional(),
    tax_rate: z.number().min(0).max(100).optional(),
    stock: z.number().int().min(0).max(1_000_000).optional(),
    is_active: z.boolean().optional(),
    image: productImageSchema.optional(),
    /** Moving a product names both: the category and its subcategory (null: "Sans sous-catégorie"). */
    category_id: entityId().optional(),
    subcategory_id: entityId().nullable().optional(),
    /** The delivery section, whole (issue 31); Pterodactyl settings are checked against the panel. */
    delivery: deliverySettingsSchema.optional(),
    service_kind: z.enum(SERVICE_KINDS).optional(),
    os_choices: osChoicesSchema.optional(),
    variants: gameVariantsSchema.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'Rien à modifier.' })
  .refine((input) => (input.category_id === undefined) === (input.subcategory_id === undefined), {
    message: 'Choisissez la catégorie et la sous-catégorie ensemble.',
    path: ['subcategory_id'],
  });
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

export const adminProductUpdatedSchema = z.object({ product: adminProductSchema });
export type AdminProductUpdatedDto = z.infer<typeof adminProductUpdatedSchema>;

/**
 * GET /api/admin/game-panel/catalogue -> what the product form's delivery section picks from, as
 * the panel (or its sandbox) has it: nests, eggs with their images, startup and variables
 * (`required`: the panel refuses a server without a value), locations (Pterodactyl) and node tags
 * (Pelican, which has no nests).
 */
export const gamePanelCatalogueSchema = z.object({
  flavour: z.enum(['pterodactyl', 'pelican']),
  nests: z.array(z.object({ id: z.number().int(), name: z.string() })),
  eggs: z.array(
    z.object({
      id: z.number().int(),
      nest: z.number().int().nullable(),
      name: z.string(),
      /** Label -> image, as the panel lists them. */
      dockerImages: z.record(z.string(), z.string()),
      startup: z.string(),
      variables: z.array(
        z.object({ envVariable: z.string(), name: z.string(), defaultValue: z.string(), rules: z.string(), required: z.boolean() }),
      ),
    }),
  ),
  locations: z.array(z.object({ id: z.number().int(), short: z.string(), long: z.string().nullable() })),
  tags: z.array(z.string()),
});
export type GamePanelCatalogueDto = z.infer<typeof gamePanelCatalogueSchema>;
