import { z } from 'zod';
import { readProductConfig } from '../catalog/product-config';
import { CURRENCIES } from '../constants';

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
  category_name: z.string(),
  subcategory_name: z.string(),
  config_products: productConfigSchema,
  ovh_duration: z.string(),
  ovh_pricing_mode: z.string(),
});

export type Product = z.infer<typeof productSchema>;
