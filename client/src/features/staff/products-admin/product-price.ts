import { cartTotals, formatMoney } from '../../../../../shared/money/cart-totals';
import type { AdminProductDto } from '../../../../../shared/schemas/staff/products';

/** The base price as edited (before tax, support and margin). */
export const basePrice = (product: AdminProductDto, lng: string) => formatMoney(product.price_cents, product.currency, lng);

/** What a customer pays for one in the shop: the cart's own arithmetic (spec §9). */
export const shopPrice = (product: AdminProductDto, lng: string) =>
  formatMoney(cartTotals([{ ...product, qty: 1 }]).totalCents, product.currency, lng);
