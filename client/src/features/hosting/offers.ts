import type { Product } from '../../../../shared/schemas/product';

/** Spec §2, §9: the carousel keeps up to 3 of the cheapest products of each category. */
export const OFFERS_PER_CATEGORY = 3;

const DEFAULT_CATEGORY = 'Autre'; // spec §1

/**
 * The cheapest products of each category (by price_cents), categories in the order the catalogue
 * lists them, cheapest first inside each.
 */
export function cheapestPerCategory(products: readonly Product[], perCategory = OFFERS_PER_CATEGORY): Product[] {
  const byCategory = new Map<string, Product[]>();
  for (const product of products) {
    const category = product.category_name || DEFAULT_CATEGORY;
    const list = byCategory.get(category) ?? [];
    list.push(product);
    byCategory.set(category, list);
  }
  return [...byCategory.values()].flatMap((list) => [...list].sort((a, b) => a.price_cents - b.price_cents).slice(0, perCategory));
}

export interface OfferSpec {
  key: 'ram' | 'cores' | 'storage' | 'bandwidth';
  value: string;
}

const SPEC_KEYS: OfferSpec['key'][] = ['ram', 'cores', 'storage', 'bandwidth'];

/** The key specs a card lists. config_products may arrive as a JSON string; unreadable means none (spec §3). */
export function keySpecs(product: Pick<Product, 'config_products'>): OfferSpec[] {
  const config = readConfig(product.config_products as unknown);
  return SPEC_KEYS.flatMap((key) => {
    const value = config[key];
    return value === undefined || value === '' ? [] : [{ key, value: String(value) }];
  });
}

function readConfig(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      return {};
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** A light check of GET /api/products: rows without the fields a card needs are left out. */
export function readProducts(body: unknown): Product[] {
  if (!Array.isArray(body)) throw new Error('GET /api/products did not answer a list');
  return body.filter(
    (row): row is Product =>
      typeof row === 'object' &&
      row !== null &&
      typeof (row as Product).id === 'number' &&
      typeof (row as Product).name === 'string' &&
      typeof (row as Product).price_cents === 'number',
  );
}
