import type { DeliveryPromise } from '../../../shared/schemas/delivery-settings';
import type { Product } from '../../../shared/schemas/product';

// What GET /api/products says of delivery and choices (issue 31): `delivery` ('automatic' or
// 'manual'), a VPS's `os_choices` and a game's `variants`. Public pages do not parse answers with
// zod (issue 18), and a page may hold an answer from before these fields: each is read with a
// check of its own.

export type { DeliveryPromise };

export interface ProductChoice {
  id: string;
  name: string;
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

/** The id and name of each choice (a system's family is the server's business). */
const choicesIn = (value: unknown): ProductChoice[] =>
  Array.isArray(value) ? value.filter(isChoice).map(({ id, name }) => ({ id, name })) : [];

/** The product's systems or versions to choose from, or null when it has none. */
export function productOptions(product: Pick<Product, 'os_choices' | 'variants'>): ProductOptions | null {
  const systems = choicesIn(product.os_choices);
  if (systems.length > 0) return { kind: 'os', list: systems };
  const variants = choicesIn(product.variants);
  return variants.length > 0 ? { kind: 'variant', list: variants } : null;
}

/** How the product is delivered: automatic ("En ligne en quelques minutes") or by our team; null when the answer does not say. */
export function deliveryOf(product: Pick<Product, 'delivery'>): DeliveryPromise | null {
  const { delivery } = product as { delivery?: unknown };
  return delivery === 'automatic' || delivery === 'manual' ? delivery : null;
}
