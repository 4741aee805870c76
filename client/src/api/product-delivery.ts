import type { Product } from '../../../shared/schemas/product';

// What GET /api/products says of delivery and choices (issue 31): `delivery` ('automatic' or
// 'manual'), `service_kind`, a VPS's `os_choices` and a game's `variants`. Typed here as optional
// until shared/schemas/product.ts declares them; public pages do not parse answers with zod, so
// each field is read with a check of its own.

export interface ProductChoice {
  id: string;
  name: string;
}

export type DeliveryPromise = 'automatic' | 'manual';

/** The product answer's issue-31 fields (a local extension of the shared Product type). */
export interface ProductDeliveryFields {
  delivery?: DeliveryPromise;
  service_kind?: 'vps' | 'game' | null;
  os_choices?: ProductChoice[];
  variants?: ProductChoice[];
}

/** What the buyer picks for a product: the system of a VPS (`os`) or the version of a game (`variant`). */
export interface ProductOptions {
  kind: 'os' | 'variant';
  list: ProductChoice[];
}

const isChoice = (value: unknown): value is ProductChoice =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ProductChoice).id === 'string' &&
  (value as ProductChoice).id !== '' &&
  typeof (value as ProductChoice).name === 'string';

const choicesIn = (value: unknown): ProductChoice[] => (Array.isArray(value) ? value.filter(isChoice) : []);

/** The product's systems or versions to choose from, or null when it has none. */
export function productOptions(product: Product): ProductOptions | null {
  const fields = product as Product & ProductDeliveryFields;
  const systems = choicesIn(fields.os_choices);
  if (systems.length > 0) return { kind: 'os', list: systems };
  const variants = choicesIn(fields.variants);
  return variants.length > 0 ? { kind: 'variant', list: variants } : null;
}

/** How the product is delivered: automatic ("En ligne en quelques minutes") or by our team; null when the answer does not say. */
export function deliveryOf(product: Product): DeliveryPromise | null {
  const { delivery } = product as Product & ProductDeliveryFields;
  return delivery === 'automatic' || delivery === 'manual' ? delivery : null;
}
