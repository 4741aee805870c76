import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../app/cart/cart-line';
import { cardCheckoutBody, paypalOrderBody } from './checkout-api';

// Every pay call sends the total at the customer's VAT rate (issue 8): the server refuses any other.

const line: CartLine = {
  productId: 5,
  name: 'VPS Starter',
  price_cents: 1299,
  currency: 'EUR',
  qty: 1,
  image_url: null,
  config_products: '{}',
  support_cents: 200,
  margin_cents: 100,
  tax_rate: 21,
};

describe('card and PayPal bodies and the VAT override', () => {
  it('reverse charge (0): the total is the amount before tax', () => {
    const buyer = { userId: 7, lng: 'fr' as const, taxRate: 0 };
    expect(cardCheckoutBody([line], buyer, 1).totalCents).toBe(1599);
    expect(paypalOrderBody([line], buyer).amount).toBe(1599);
  });

  it('no override: the line rate, as before', () => {
    const buyer = { userId: 7, lng: 'fr' as const };
    expect(cardCheckoutBody([line], buyer, 1).totalCents).toBe(1935);
    expect(paypalOrderBody([line], { ...buyer, taxRate: null }).amount).toBe(1935);
  });
});
