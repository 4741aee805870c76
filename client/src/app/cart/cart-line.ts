import { CURRENCIES, type Currency } from '../../../../shared/constants';
import type { Product } from '../../../../shared/schemas/product';
import { billingMonthsOf } from '../../ui/price-period';
import { deliveryOf, productOptions, type DeliveryPromise, type ProductOptions } from '../../api/product-delivery';

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
  /** The system chosen for a VPS (issue 31), by id: sent with every checkout call. */
  os?: string;
  /** The version chosen for a game server (Paper, Forge...), by id: sent with every checkout call. */
  variant?: string;
  /** What could be chosen, kept to show the choice's name and change it in the cart. */
  options?: ProductOptions;
  /** How the product is delivered, for the delay the cart promises. */
  delivery?: DeliveryPromise;
  /** Months one payment buys (issue 34); absent (a line stored before) is monthly. */
  billing_months?: number;
}

/**
 * The line of a product, with the system or version chosen (`choiceId`; the first one when it
 * names none of the product's).
 */
export function cartLineFromProduct(product: Product, choiceId?: string): CartLine {
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
    billing_months: billingMonthsOf(product),
    ...choiceFields(productOptions(product), choiceId),
    ...(deliveryOf(product) ? { delivery: deliveryOf(product)! } : {}),
  };
}

/** A line's `os` or `variant` and the options it was chosen among; nothing for a product without choices. */
function choiceFields(options: ProductOptions | null, choiceId: string | undefined): Pick<CartLine, 'os' | 'variant' | 'options'> {
  if (!options) return {};
  const chosen = options.list.find((choice) => choice.id === choiceId) ?? options.list[0]!;
  return { [options.kind]: chosen.id, options };
}

/**
 * What a checkout call sends of a line: the product and quantity (the server reads its own prices),
 * with the system (`os`) or game version (`variant`) chosen (issue 31).
 */
export function checkoutItem({ productId, qty, os, variant }: CartLine) {
  return { productId, qty, ...(os === undefined ? {} : { os }), ...(variant === undefined ? {} : { variant }) };
}

/** A stored line whose choice is missing or no longer offered gets the first option, as the shop card preselects it. */
export function withValidChoice(line: CartLine): CartLine {
  if (!line.options || line.options.list.length === 0) return line;
  const chosen = line[line.options.kind];
  return line.options.list.some((choice) => choice.id === chosen) ? line : { ...line, [line.options.kind]: line.options.list[0]!.id };
}

/** The line with another of its options chosen; an id it does not offer changes nothing. */
export function withChoice(line: CartLine, choiceId: string): CartLine {
  if (!line.options?.list.some((choice) => choice.id === choiceId)) return line;
  return { ...line, [line.options.kind]: choiceId };
}

/** The name of what a line's buyer chose (« Ubuntu 24.04 », « Paper »), or null. */
export function chosenName(line: CartLine): { kind: ProductOptions['kind']; name: string } | null {
  if (!line.options) return null;
  const id = line[line.options.kind];
  const choice = line.options.list.find((one) => one.id === id);
  return choice ? { kind: line.options.kind, name: choice.name } : null;
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
    optionalNumber(value.tax_rate) &&
    optionalString(value.os) &&
    optionalString(value.variant) &&
    (value.options === undefined || isOptions(value.options)) &&
    (value.delivery === undefined || value.delivery === 'automatic' || value.delivery === 'manual')
  );
}

function optionalString(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value !== '');
}

function isOptions(value: unknown): value is ProductOptions {
  if (!isRecord(value) || (value.kind !== 'os' && value.kind !== 'variant') || !Array.isArray(value.list)) return false;
  return value.list.every((choice) => isRecord(choice) && typeof choice.id === 'string' && typeof choice.name === 'string');
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
