import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../app/cart/cart-line';
import { bankTransferBody } from './bank-transfer-api';

// The bank-transfer order sends the total at the customer's VAT rate (issue 8): the server refuses any other.

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
const payer = { accountName: 'Octet SAS', accountIBAN: 'BE68539007547034' };

describe('the bank-transfer body and the VAT override', () => {
  it('reverse charge (0): the total is the amount before tax', () => {
    expect(bankTransferBody([line], payer, { userId: 7, lng: 'fr', taxRate: 0 }).totalCents).toBe(1599);
  });

  it('no override: the line rate, as before', () => {
    expect(bankTransferBody([line], payer, { userId: 7, lng: 'fr' }).totalCents).toBe(1935);
  });
});
