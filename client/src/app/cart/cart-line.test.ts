import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../shared/schemas/product';
import { cartLineFromProduct } from './cart-line';

const product = (ovh_duration: string, ovh_pricing_mode = 'default'): Product => ({
  id: 4,
  slug: 'vps-standard',
  name: 'VPS Standard',
  description: '',
  price_cents: 1000,
  support_cents: 0,
  margin_cents: 0,
  tax_rate: 21,
  currency: 'EUR',
  image_url: null,
  stock: 3,
  category_name: 'Classique Linux',
  category_key: 'Classique Linux',
  subcategory_name: 'VPS',
  subcategory_key: 'VPS',
  config_products: { ram: '4 Go' },
  ovh_duration,
  ovh_pricing_mode,
  delivery: 'manual',
  service_kind: 'vps',
  os_choices: [],
  variants: [],
  storage_type: null,
});

describe('cart line of a product: its billing period (issue 34)', () => {
  it('keeps the months one payment buys, as the shop card shows them', () => {
    expect(cartLineFromProduct(product('3')).billing_months).toBe(3);
    expect(cartLineFromProduct(product('1')).billing_months).toBe(1);
    expect(cartLineFromProduct(product('1', 'upfront12')).billing_months).toBe(12);
  });
});
