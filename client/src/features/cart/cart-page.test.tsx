// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { CartLine } from '../../app/cart/cart-line';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { CartPage } from './cart-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const line: CartLine = {
  productId: 5,
  name: 'VPS NVMe 8 Go',
  price_cents: 1000,
  currency: 'EUR',
  qty: 2,
  image_url: null,
  config_products: JSON.stringify({ ram: '8 Go', cores: 4, storage: '80 Go NVMe' }),
  support_cents: 200,
  margin_cents: 100,
  tax_rate: 6,
};

function openCart(lines: unknown = [line], url = '/fr/Cart') {
  if (lines !== null) localStorage.setItem('cart', typeof lines === 'string' ? lines : JSON.stringify(lines));
  mockFetch(() => json(200, { user: demoUser }));
  return renderPage(<CartPage />, { path: 'Cart', url });
}

const eur = (cents: number) => formatMoney(cents, 'EUR', 'fr');
const totalsText = () => Array.from(document.querySelectorAll('.cart-totals__row')).map((row) => row.textContent);
const payButton = () => screen.getByRole('button', { name: 'Payer' }) as HTMLButtonElement;
const tick = (name: RegExp) => fireEvent.click(screen.getByRole('checkbox', { name }));

describe('cart page (spec §2, §5, §9)', () => {
  it('restores the cart from localStorage and shows name, specs, unit price, quantity', () => {
    openCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Panier' })).toBeTruthy();
    const item = screen.getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'VPS NVMe 8 Go' })).toBeTruthy();
    expect(
      within(item)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['8 Go', '4', '80 Go NVMe']);
    expect(item.textContent).toContain(`${eur(1300)} / mois`);
    expect((within(item).getByRole('combobox', { name: 'Nombre de serveurs' }) as HTMLSelectElement).value).toBe('2');
  });

  it('totals use the first line tax rate (6, not the default 21): before tax, tax, with tax', () => {
    openCart();
    // (1000 + 200 + 100) × 2 = 2600; 6 % = 156; 2756.
    expect(totalsText()).toEqual([`Total HT${eur(2600)}`, `TVA (6%)${eur(156)}`, `Total TTC${eur(2756)}`]);
  });

  it('updates the quantity (1 to 10) and the totals; remove empties the cart', () => {
    openCart();
    const qty = screen.getByRole('combobox', { name: 'Nombre de serveurs' }) as HTMLSelectElement;
    expect(Array.from(qty.options).map((o) => o.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    fireEvent.change(qty, { target: { value: '3' } });
    expect(totalsText()[0]).toBe(`Total HT${eur(3900)}`);
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([{ ...line, qty: 3 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Retirer « VPS NVMe 8 Go » du panier' }));
    expect(screen.getByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('an empty cart links to the shop; the hosting link is always there', () => {
    openCart(null, '/en/Cart');
    expect(screen.getByRole('link', { name: 'Aller à la boutique' }).getAttribute('href')).toBe('/en/boutique');
    expect(screen.getByRole('link', { name: "Découvrir nos offres d'hébergement" }).getAttribute('href')).toBe('/en/Hosting');
    expect(screen.queryByRole('button', { name: 'Payer' })).toBeNull();
  });

  it('a corrupt stored cart is ignored', () => {
    openCart('{not json');
    expect(screen.getByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
    cleanup();
    openCart([{ ...line, qty: 99 }]);
    expect(screen.getByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
  });

  it('the legal links open in new tabs; pay stays disabled until both boxes are ticked', () => {
    openCart();
    const terms = screen.getByRole('link', { name: /conditions générales de vente/ });
    const privacy = screen.getByRole('link', { name: /politique de confidentialité/ });
    expect([terms.getAttribute('href'), terms.getAttribute('target')]).toEqual(['/fr/conditions-generales', '_blank']);
    expect([privacy.getAttribute('href'), privacy.getAttribute('target')]).toEqual(['/fr/politique-confidentialite', '_blank']);
    expect(payButton().disabled).toBe(true);
    tick(/conditions générales/);
    expect(payButton().disabled).toBe(true);
    tick(/politique de confidentialité/);
    expect(payButton().disabled).toBe(false);
  });

  it('submitted without both boxes: the spec alert, the unticked box focused, and no navigation', async () => {
    const { router } = openCart();
    tick(/conditions générales/);
    fireEvent.submit(payButton().closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Vous devez accepter les CGV et la Politique de Confidentialité avant de payer.',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /politique de confidentialité/ })));
    expect(router.state.location.pathname).toBe('/fr/Cart');
  });

  it('pay without a session goes to login, which will come back to the cart', async () => {
    const { router } = openCart();
    tick(/conditions générales/);
    tick(/politique de confidentialité/);
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/login'));
    expect(router.state.location.state).toEqual({ fromInside: true, from: '/fr/Cart' });
  });

  it('back from that login, the two boxes and the payment choice are as they were left, once', async () => {
    const { router } = openCart();
    tick(/conditions générales/);
    tick(/politique de confidentialité/);
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal' }));
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/login'));
    cleanup();

    openCart(); // the return to /fr/Cart
    const checked = (name: RegExp) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;
    expect(checked(/conditions générales/)).toBe(true);
    expect(checked(/politique de confidentialité/)).toBe(true);
    expect((screen.getByRole('radio', { name: 'PayPal' }) as HTMLInputElement).checked).toBe(true);
    cleanup();

    openCart(); // a later visit starts afresh
    expect(checked(/conditions générales/)).toBe(false);
    expect((screen.getByRole('radio', { name: 'Carte bancaire' }) as HTMLInputElement).checked).toBe(true);
  });

  it('pay by bank transfer with a session goes to the payment page', async () => {
    storeDemoSession();
    const { router } = openCart();
    await act(async () => void (await new Promise((r) => setTimeout(r, 0)))); // the VAT answer: the button waits for it
    tick(/conditions générales/);
    tick(/politique de confidentialité/);
    fireEvent.click(screen.getByRole('radio', { name: 'Virement bancaire' }));
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/payment'));
  });
});
