// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { checkoutApi } from '../../../../shared/contract/checkout';
import type { CartLine } from '../../app/cart/cart-line';
import { VAT_STATUS_PATH } from '../../app/checkout/use-vat-status';
import { openProviderPage } from '../../app/checkout/open-provider-page';
import { answer } from '../../testing/contract-mock';
import { callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { CartPage } from './cart-page';

vi.mock('../../app/checkout/open-provider-page', () => ({ openProviderPage: vi.fn() }));

const vpsLine: CartLine = {
  productId: 7,
  name: 'VPS Linux NVMe Pro',
  price_cents: 1000,
  currency: 'EUR',
  qty: 1,
  image_url: null,
  config_products: JSON.stringify({ ram: '8 Go' }),
  tax_rate: 21,
  os: 'ubuntu-24-04',
  options: {
    kind: 'os',
    list: [
      { id: 'ubuntu-24-04', name: 'Ubuntu 24.04' },
      { id: 'debian-12', name: 'Debian 12' },
    ],
  },
  delivery: 'automatic',
};

beforeEach(() => storeDemoSession());

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(openProviderPage).mockReset();
});

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function openCart(lines: CartLine[], checkout: Handler = () => json(404, {})) {
  localStorage.setItem('cart', JSON.stringify(lines));
  const fetchMock = mockFetch((u, init) => {
    if (u === '/api/auth/me') return json(200, { user: demoUser });
    if (u === VAT_STATUS_PATH) return json(200, { scheme: 'standard', taxRate: null, check: null, vatNumber: null });
    return checkout(u, init);
  });
  renderPage(<CartPage />, { path: 'Cart', url: '/fr/Cart' });
  return fetchMock;
}

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

async function payByCard() {
  fireEvent.click(screen.getByRole('checkbox', { name: /conditions générales/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /politique de confidentialité/ }));
  await flush(); // the VAT answer first: the button waits for it
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Payer' })));
  await flush();
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as { items: unknown[] };

describe('cart: the system or game version chosen (issue 31)', () => {
  it('a stored line whose system is missing or no longer offered gets the first one', () => {
    openCart([{ ...vpsLine, os: 'windows-2019' }]);
    expect((screen.getByRole('combobox', { name: 'Système' }) as HTMLSelectElement).value).toBe('ubuntu-24-04');
  });

  it('shows the choice, lets it change, and sends it with the checkout call', async () => {
    const fetchMock = openCart([vpsLine], () =>
      answer(checkoutApi.card, { checkoutUrl: 'https://checkout.example.test/s/1', orderId: 50 }),
    );
    const item = screen.getByRole('listitem');
    const systems = within(item).getByRole('combobox', { name: 'Système' }) as HTMLSelectElement;
    expect(systems.value).toBe('ubuntu-24-04');
    fireEvent.change(systems, { target: { value: 'debian-12' } });
    expect((JSON.parse(localStorage.getItem('cart')!) as CartLine[])[0]?.os).toBe('debian-12');

    await payByCard();
    const [call] = callsTo(fetchMock, checkoutApi.card.path);
    expect(bodyOf(call?.[1]).items).toEqual([{ productId: 7, qty: 1, os: 'debian-12' }]);
  });

  it('says the delay of its product: in minutes for an automatic one, the working days for one our team makes', () => {
    openCart([vpsLine]);
    expect(screen.getByText('Paiement sécurisé · en ligne en quelques minutes après le paiement.')).toBeTruthy();
    expect(within(screen.getByRole('listitem')).getByText('En ligne en quelques minutes')).toBeTruthy();
    cleanup();
    openCart([{ ...vpsLine, delivery: 'manual' }]);
    expect(
      screen.getByText('Paiement sécurisé · mis en service par notre équipe sous 3 à 4 jours ouvrables au plus après le paiement.'),
    ).toBeTruthy();
  });

  it('a checkout refused for a missing system says to choose one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A line stored before products offered systems: nothing chosen, nothing to pick in the cart.
    const { os: _os, options: _options, ...older } = vpsLine;
    openCart([older], () =>
      json(400, { error: 'validation_failed', message: 'Invalid input', fields: { 'items.0.os': 'checkout.errors.os' } }),
    );
    await payByCard();
    expect(screen.getByRole('alert').textContent).toBe('Choisissez un système.');
  });
});
