// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { VatStatusDto } from '../../../../shared/schemas/vat';
import { checkoutApi } from '../../../../shared/contract/checkout';
import type { CartLine } from '../../app/cart/cart-line';
import { answer as contractAnswer } from '../../testing/contract-mock';
import { callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { openProviderPage } from '../../app/checkout/open-provider-page';
import { VAT_STATUS_PATH } from '../../app/checkout/use-vat-status';
import { CartPage } from './cart-page';
import { CartSummary } from './cart-summary';

// The cart shows and sends the total the server charges under the customer's VAT treatment (issue 8).

vi.mock('../../app/checkout/open-provider-page', () => ({ openProviderPage: vi.fn() }));

const line: CartLine = {
  productId: 5,
  name: 'VPS Starter',
  price_cents: 1299,
  currency: 'EUR',
  qty: 1,
  image_url: null,
  config_products: JSON.stringify({ ram: '4 Go' }),
  support_cents: 200,
  margin_cents: 100,
  tax_rate: 21,
};
const business = { ...demoUser, userType: 'business' as const, country: 'FR' };

beforeEach(() => {
  storeDemoSession(business);
  localStorage.setItem('cart', JSON.stringify([line]));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function openCart(vat: VatStatusDto) {
  const fetchMock = mockFetch((u) => {
    if (u === '/api/auth/me') return json(200, { user: business });
    if (u === VAT_STATUS_PATH) return json(200, vat);
    return contractAnswer(checkoutApi.card, { checkoutUrl: 'https://checkout.example.test/s/abc', orderId: 41 });
  });
  renderPage(<CartPage />, { path: 'Cart', url: '/fr/Cart' });
  return fetchMock;
}

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const eur = (cents: number) => formatMoney(cents, 'EUR', 'fr');
const totalsText = () => Array.from(document.querySelectorAll('.cart-totals__row')).map((row) => row.textContent);

describe('cart VAT line', () => {
  it('reverse charge: VAT 0 %, total = before tax, the line naming the checked number, and that total sent', async () => {
    const fetchMock = openCart({
      scheme: 'reverse_charge',
      category: 'AE',
      taxRate: 0,
      taxCountry: null,
      check: 'valid',
      vatNumber: 'FR12345678901',
    });
    await flush();
    expect(totalsText()).toEqual([`Total HT${eur(1599)}`, `TVA autoliquidée${eur(0)}`, `Total TTC${eur(1599)}`]);
    expect(screen.getByText('Autoliquidation de la TVA (numéro de TVA FR12345678901 vérifié)')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /conditions générales/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /politique de confidentialité/ }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Payer' })));
    await flush();
    const [[, init]] = callsTo(fetchMock, checkoutApi.card.path) as [[string, RequestInit]];
    expect(JSON.parse(String(init.body)).totalCents).toBe(1599);
    expect(openProviderPage).toHaveBeenCalled();
  });

  it('the pay button waits for the VAT answer, so a reverse-charge customer never sends the 21 % total', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch((u) => {
      if (u === '/api/auth/me') return json(200, { user: business });
      if (u === VAT_STATUS_PATH) return new Promise<Response>((resolve) => (answer = resolve));
      return contractAnswer(checkoutApi.card, { checkoutUrl: 'https://checkout.example.test/s/abc', orderId: 41 });
    });
    renderPage(<CartPage />, { path: 'Cart', url: '/fr/Cart' });
    fireEvent.click(screen.getByRole('checkbox', { name: /conditions générales/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /politique de confidentialité/ }));
    await flush();
    expect((screen.getByRole('button', { name: 'Payer' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () =>
      answer(
        json(200, { scheme: 'reverse_charge', category: 'AE', taxRate: 0, taxCountry: null, check: 'valid', vatNumber: 'FR12345678901' }),
      ),
    );
    await flush();
    expect((screen.getByRole('button', { name: 'Payer' }) as HTMLButtonElement).disabled).toBe(false);
    expect(totalsText()[2]).toBe(`Total TTC${eur(1599)}`);
  });

  it('VIES unreachable: Belgian VAT and a note that the number will be checked again', async () => {
    openCart({ scheme: 'standard', category: 'S', taxRate: null, taxCountry: 'BE', check: 'pending', vatNumber: 'FR12345678901' });
    await flush();
    expect(totalsText()[1]).toBe(`TVA (21%)${eur(336)}`);
    expect(document.querySelector('.cart-totals__vat')?.textContent).toContain("n'a pas encore pu être vérifié");
  });

  it('refused number: Belgian VAT and says so; a Belgian customer gets no line', async () => {
    openCart({ scheme: 'standard', category: 'S', taxRate: null, taxCountry: 'BE', check: 'invalid', vatNumber: 'FR99999999999' });
    await flush();
    expect(document.querySelector('.cart-totals__vat')?.textContent).toBe(
      "Votre numéro de TVA FR99999999999 n'est pas reconnu par VIES : la TVA belge s'applique.",
    );
    cleanup();
    openCart({ scheme: 'standard', category: 'S', taxRate: null, taxCountry: 'BE', check: null, vatNumber: null });
    await flush();
    expect(document.querySelector('.cart-totals__vat')).toBeNull();
  });
});

describe('cart VAT line by place of supply (issue 16)', () => {
  it('an EU consumer under OSS: their state and its rate on the line, its VAT in the total, and why', async () => {
    openCart({ scheme: 'oss', category: 'S', taxRate: 20, taxCountry: 'FR', check: null, vatNumber: null });
    await flush();
    expect(totalsText()).toEqual([`Total HT${eur(1599)}`, `TVA France (20%)${eur(320)}`, `Total TTC${eur(1919)}`]);
    expect(document.querySelector('.cart-totals__vat')?.textContent).toBe(
      "Particulier dans un autre pays de l'UE (France) : la TVA de ce pays s'applique (régime OSS).",
    );
  });

  it('a customer outside the EU: no EU VAT, said on the line and below', async () => {
    openCart({ scheme: 'outside_scope', category: 'O', taxRate: 0, taxCountry: null, check: null, vatNumber: null });
    await flush();
    expect(totalsText()).toEqual([`Total HT${eur(1599)}`, `Hors champ de la TVA UE${eur(0)}`, `Total TTC${eur(1599)}`]);
    expect(document.querySelector('.cart-totals__vat')?.textContent).toBe(
      "Client établi hors de l'Union européenne : aucune TVA européenne n'est facturée.",
    );
  });

  it('lines at several rates: one VAT row per rate, each rounded once, as the invoice prints them', () => {
    const books: CartLine = {
      ...line,
      productId: 6,
      name: 'Livre blanc',
      price_cents: 999,
      support_cents: 0,
      margin_cents: 0,
      tax_rate: 6,
    };
    renderPage(<CartSummary lines={[{ ...line, price_cents: 1001, support_cents: 0, margin_cents: 0 }, books]} />, {
      path: 'Cart',
      url: '/fr/Cart',
    });
    expect(totalsText()).toEqual([`Total HT${eur(2000)}`, `TVA (21%)${eur(210)}`, `TVA (6%)${eur(60)}`, `Total TTC${eur(2270)}`]);
  });
});
