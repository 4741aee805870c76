import { z } from 'zod';
import { readProductConfig } from '../catalog/product-config';
import { STORAGE_TYPES } from '../catalog/storage-types';
import { CURRENCIES, OS_FAMILIES, SERVICE_KINDS } from '../constants';
import { DELIVERY_PROMISES } from './delivery-settings';

/** config_products: spec name -> value. It may arrive as a JSON string; an unreadable one is dropped (spec §3). */
export const productConfigSchema = z.preprocess(
  readProductConfig,
  z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .catch(undefined),
);

/** A product as GET /api/products returns it (spec §3). */
export const productSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  support_cents: z.number().int(),
  margin_cents: z.number().int(),
  tax_rate: z.number(),
  currency: z.enum(CURRENCIES),
  image_url: z.string().nullable(),
  stock: z.number().int(),
  /** Names in the language asked for (French without one). */
  category_name: z.string(),
  subcategory_name: z.string(),
  /** The same in every language (the French names): the shop's ?category= filter and theme. */
  category_key: z.string(),
  subcategory_key: z.string(),
  /** What the disks are; null when staff did not say. */
  storage_type: z.enum(STORAGE_TYPES).nullable(),
  config_products: productConfigSchema,
  ovh_duration: z.string(),
  ovh_pricing_mode: z.string(),
  /** How it is delivered: by itself ("En ligne en quelques minutes") or by an agent (3 to 4 working days). */
  delivery: z.enum(DELIVERY_PROMISES),
  service_kind: z.enum(SERVICE_KINDS),
  /** The systems a VPS buyer chooses from (the cart line's `os` is one of the ids); empty: nothing to choose. */
  os_choices: z.array(z.object({ id: z.string(), name: z.string(), family: z.enum(OS_FAMILIES) })),
  /** A game server's variants (Paper, Forge…; the cart line's `variant`); empty: nothing to choose. */
  variants: z.array(z.object({ id: z.string(), name: z.string() })),
});

export type Product = z.infer<typeof productSchema>;
