import { formatMoney } from '../../../../../shared/money/format-money';
import { customerPrice } from '../../../../../shared/money/customer-price';
import type { AdminProductDto } from '../../../../../shared/schemas/staff/products';

export interface StaffProductPrice {
  /** What the shop sells one unit for, a month before tax: price + support + margin (spec §9). */
  net: string;
  /** The same with the product's VAT, as the cart adds it up. */
  gross: string;
  /** The parts staff edit. */
  price: string;
  support: string;
  margin: string;
}

/** Issue 34: staff see the customer's price from the shop's own maths, then what it is made of. */
export function staffProductPrice(product: AdminProductDto, lng: string): StaffProductPrice {
  const money = (cents: number) => formatMoney(cents, product.currency, lng);
  const { netCents, grossCents } = customerPrice(product);
  return {
    net: money(netCents),
    gross: money(grossCents),
    price: money(product.price_cents),
    support: money(product.support_cents),
    margin: money(product.margin_cents),
  };
}
