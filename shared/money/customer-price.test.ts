import { describe, expect, it } from 'vitest';
import { cartTotals } from './cart-totals';
import { byCustomerPrice, customerPrice, lowestCustomerPrice } from './customer-price';

const survie = { price_cents: 799, support_cents: 50, margin_cents: 50 };
const modde = { price_cents: 1499, support_cents: 150, margin_cents: 150 };

describe('customer price (issue 17: one price everywhere)', () => {
  it('adds support and margin to the base price, as the cart does', () => {
    expect(customerPrice(survie)).toEqual({ netCents: 899, taxRate: 21, grossCents: 1088 });
    expect(customerPrice(modde).netCents).toBe(1799);
  });

  it('is the cart line of one, before and after tax', () => {
    const line = { ...modde, tax_rate: 6 };
    const cart = cartTotals([{ ...line, qty: 1 }]);
    expect(customerPrice(line)).toEqual({ netCents: cart.subtotalCents, taxRate: 6, grossCents: cart.totalCents });
  });

  it("uses the buyer's VAT treatment when known (reverse charge: no VAT)", () => {
    expect(customerPrice(survie, { taxRate: 0, category: 'AE' })).toEqual({ netCents: 899, taxRate: 0, grossCents: 899 });
    expect(customerPrice(survie, { taxRate: 20 }).grossCents).toBe(1079);
  });

  it('finds the cheapest by what the customer pays, not by the base price', () => {
    const cheapBase = { price_cents: 300, support_cents: 500, margin_cents: 0 }; // pays 8,00
    const cheapTotal = { price_cents: 399, support_cents: 0, margin_cents: 0 }; // pays 3,99
    expect(byCustomerPrice([cheapBase, cheapTotal])).toEqual([cheapTotal, cheapBase]);
    expect(lowestCustomerPrice([cheapBase, survie, cheapTotal])?.netCents).toBe(399);
  });

  it('has no lowest price for an empty catalogue', () => {
    expect(lowestCustomerPrice([])).toBeNull();
  });
});
