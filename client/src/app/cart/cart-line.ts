import { CURRENCIES, type Currency } from '../../../../shared/constants';
import type { Product } from '../../../../shared/schemas/product';

/** Quantity bounds of one cart line. */
export const MIN_QTY = 1;
export const MAX_QTY = 10;

/** The specs a cart line keeps from config_products (spec §3), in display order. */
export const CART_SPEC_KEYS = ['ram', 'cores', 'storage', 'traffic', 'bandwidth'] as const;

/** A cart line as spec §3 names it; config_products is a JSON string. */
export interface CartLine {
  productId: number;
  name: string;
  price_cents: number;
  currency: Currency;
  qty: number;
  image_url: string | null;
  config_products: string;
  support_cents?: number;
  margin_cents?: number;
  tax_rate?: number;
}

export function cartLineFromProduct(product: Product): CartLine {
  const specs: Record<string, string | number> = {};
  for (const key of CART_SPEC_KEYS) {
    const value = product.config_products?.[key];
    if (value !== undefined) specs[key] = value;
  }
  return {
    productId: product.id,
    name: product.name,
    price_cents: product.price_cents,
    currency: product.currency,
    qty: MIN_QTY,
    image_url: product.image_url,
    config_products: JSON.stringify(specs),
    support_cents: product.support_cents,
    margin_cents: product.margin_cents,
    tax_rate: product.tax_rate,
  };
}

export function clampQty(qty: number): number {
  if (!Number.isFinite(qty)) return MIN_QTY;
  return Math.min(MAX_QTY, Math.max(MIN_QTY, Math.trunc(qty)));
}

/** The specs of a line's config_products string; an unreadable string has none. */
export function lineSpecs(line: Pick<CartLine, 'config_products'>): Record<string, string | number> {
  try {
    const value: unknown = JSON.parse(line.config_products);
    if (!isRecord(value)) return {};
    const specs: Record<string, string | number> = {};
    for (const [key, spec] of Object.entries(value)) {
      if (typeof spec === 'string' || typeof spec === 'number') specs[key] = spec;
    }
    return specs;
  } catch {
    return {};
  }
}

/**
 * A shape check of a stored line, by hand rather than with zod: the cart provider sits in the entry
 * chunk, and a stored cart is only the visitor's own choice (the server recomputes every price).
 */
export function isCartLine(value: unknown): value is CartLine {
  if (!isRecord(value)) return false;
  const optionalNumber = (v: unknown) => v === undefined || isNumber(v);
  return (
    Number.isInteger(value.productId) &&
    typeof value.name === 'string' &&
    Number.isInteger(value.price_cents) &&
    (CURRENCIES as readonly unknown[]).includes(value.currency) &&
    Number.isInteger(value.qty) &&
    (value.qty as number) >= MIN_QTY &&
    (value.qty as number) <= MAX_QTY &&
    (value.image_url === null || typeof value.image_url === 'string') &&
    typeof value.config_products === 'string' &&
    optionalNumber(value.support_cents) &&
    optionalNumber(value.margin_cents) &&
    optionalNumber(value.tax_rate)
  );
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
