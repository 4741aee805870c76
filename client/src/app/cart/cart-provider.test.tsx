// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { Product } from '../../../../shared/schemas/product';
import { useCart, type CartContextValue } from './cart-context';
import { CartProvider } from './cart-provider';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function mountCart() {
  const cart: { current: CartContextValue | null } = { current: null };
  function Probe() {
    cart.current = useCart();
    return null;
  }
  render(
    <CartProvider>
      <Probe />
    </CartProvider>,
  );
  return () => cart.current!;
}

const product = (overrides: Partial<Product>): Product => ({
  id: 1,
  slug: 'vps',
  name: 'VPS',
  description: '',
  price_cents: 500,
  support_cents: 0,
  margin_cents: 0,
  tax_rate: 21,
  currency: 'EUR',
  image_url: null,
  stock: 10,
  category_name: 'Classique Linux',
  subcategory_name: 'VPS SSD',
  category_key: 'Classique Linux',
  subcategory_key: 'VPS SSD',
  storage_type: 'SSD',
  config_products: { ram: '2 Go' },
  ovh_duration: '1',
  ovh_pricing_mode: 'default',
  delivery: 'manual',
  service_kind: 'vps',
  os_choices: [],
  variants: [],
  ...overrides,
});

describe('cart state (spec §3, §4)', () => {
  it('adding replaces the whole cart with that product at quantity 1', () => {
    const cart = mountCart();
    act(() => cart().addProduct(product({ id: 1 })));
    act(() => cart().updateQty(1, 4));
    act(() => cart().addProduct(product({ id: 2, name: 'Autre' })));
    expect(cart().lines).toEqual([expect.objectContaining({ productId: 2, name: 'Autre', qty: 1 })]);
    expect(cart().lineCount).toBe(1);
  });

  it('keeps the quantity between 1 and 10', () => {
    const cart = mountCart();
    act(() => cart().addProduct(product({ id: 1 })));
    act(() => cart().updateQty(1, 25));
    expect(cart().lines[0]?.qty).toBe(10);
    act(() => cart().updateQty(1, 0));
    expect(cart().lines[0]?.qty).toBe(1);
  });

  it('remove and clear empty it, and the stored copy with it', () => {
    const cart = mountCart();
    act(() => cart().addProduct(product({ id: 1 })));
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
    act(() => cart().removeLine(1));
    expect(cart().lines).toEqual([]);
    expect(localStorage.getItem('cart')).toBeNull();
    act(() => cart().addProduct(product({ id: 1 })));
    act(() => cart().clearCart());
    expect(cart().lineCount).toBe(0);
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('survives a remount (reload) and follows another tab', () => {
    let cart = mountCart();
    act(() => cart().addProduct(product({ id: 3, name: 'Gardé' })));
    cleanup();
    cart = mountCart();
    expect(cart().lines).toEqual([expect.objectContaining({ productId: 3, name: 'Gardé' })]);

    act(() => {
      localStorage.removeItem('cart');
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    expect(cart().lines).toEqual([]);
  });
});
