import { byCustomerPrice } from '../../../../shared/money/customer-price';
import type { Product } from '../../../../shared/schemas/product';

/** Spec §2, §9: the carousel keeps up to 3 of the cheapest products of each category. */
export const OFFERS_PER_CATEGORY = 3;

const DEFAULT_CATEGORY = 'Autre'; // spec §1

/**
 * The cheapest products of each category (by what the customer pays, issue 17), categories in the order the catalogue
 * lists them, cheapest first inside each.
 */
export function cheapestPerCategory(products: readonly Product[], perCategory = OFFERS_PER_CATEGORY): Product[] {
  const byCategory = new Map<string, Product[]>();
  for (const product of products) {
    const category = product.category_key || DEFAULT_CATEGORY;
    const list = byCategory.get(category) ?? [];
    list.push(product);
    byCategory.set(category, list);
  }
  return [...byCategory.values()].flatMap((list) => byCustomerPrice(list).slice(0, perCategory));
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
