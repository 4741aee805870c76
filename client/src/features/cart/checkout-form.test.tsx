// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { checkoutApi } from '../../../../shared/contract/checkout';
import type { CartLine } from '../../app/cart/cart-line';
import { answer as contractAnswer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { CartPage } from './cart-page';
import { openProviderPage } from '../../app/checkout/open-provider-page';
import { VAT_STATUS_PATH } from '../../app/checkout/use-vat-status';

// jsdom cannot leave the page: the provider redirect is observed instead.
vi.mock('../../app/checkout/open-provider-page', () => ({ openProviderPage: vi.fn() }));

const line: CartLine = {
  productId: 5,
  name: 'VPS NVMe 8 Go',
  price_cents: 1000,
  currency: 'EUR',
  qty: 2,
  image_url: '/img/vps.png',
  config_products: JSON.stringify({ ram: '8 Go', cores: 4 }),
  support_cents: 200,
  margin_cents: 100,
  tax_rate: 6,
};
// (1000 + 200 + 100) × 2 = 2600, + 6 % = 2756 (spec §9).
const TOTAL_CENTS = 2756;

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

beforeEach(() => {
  storeDemoSession();
  localStorage.setItem('cart', JSON.stringify([line]));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(openProviderPage).mockReset();
});

/** What the cart reads on opening: the session, and the VAT treatment (a Belgian customer: the products' rate). */
const pageReads: Record<string, () => Response> = {
  '/api/auth/me': () => json(200, { user: demoUser }),
  [VAT_STATUS_PATH]: () => json(200, { scheme: 'standard', taxRate: null, check: null, vatNumber: null }),
};

/** The cart of a logged-in customer; `checkout` answers every call but the page's own reads. */
function openCart(checkout: Handler, url = '/fr/Cart') {
  const fetchMock = mockFetch((u, init) => (pageReads[u] ? pageReads[u]() : checkout(u, init)));
  const view = renderPage(<CartPage />, { path: 'Cart', url });
  fireEvent.click(screen.getByRole('checkbox', { name: /conditions générales/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /politique de confidentialité/ }));
  return { fetchMock, ...view };
}

const payButton = () => screen.getByRole('button', { name: /^(Payer|Préparation du paiement…)$/ }) as HTMLButtonElement;
const choose = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

async function pay() {
  await flush(); // the VAT answer first: the button waits for it
  await act(async () => {
    fireEvent.click(payButton());
  });
  await flush();
}

describe('cart payment method (spec §2 cart, §7 checkout calls)', () => {
  it('offers card, PayPal and bank transfer as one radio group, card chosen by default', () => {
    openCart(() => json(500, {}));
    const group = screen.getByRole('group', { name: 'Moyen de paiement' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    // Each radio is named by its method only; the hint is its description.
    expect(radios).toEqual(['Carte bancaire', 'PayPal', 'Virement bancaire'].map((name) => within(group).getByRole('radio', { name })));
    expect((screen.getByRole('radio', { name: 'Carte bancaire' }) as HTMLInputElement).checked).toBe(true);
    const bankHint = screen.getByRole('radio', { name: 'Virement bancaire' }).getAttribute('aria-describedby')!;
    expect(document.getElementById(bankHint)?.textContent).toBe('Traité en 1 à 2 jours ouvrés.');
  });

  it('card: posts the cart to the card checkout with the bearer, then leaves for the provider page', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_790_000_000_000);
    const { fetchMock } = openCart(() =>
      contractAnswer(checkoutApi.card, { checkoutUrl: 'https://checkout.example.test/s/abc', orderId: 41 }),
    );
    await pay();

    const [call, ...others] = callsTo(fetchMock, checkoutApi.card.path);
    expect(others).toHaveLength(0);
    expect(call?.[1]?.method).toBe('POST');
    expect(bearerOf(call?.[1])).toBe('Bearer stored-token');
    expect(bodyOf(call?.[1])).toEqual({
      userId: demoUser.id,
      items: [{ productId: 5, qty: 2 }],
      totalCents: TOTAL_CENTS,
      nowClient: 1_790_000_000_000,
      lng: 'fr',
    });
    expect(openProviderPage).toHaveBeenCalledWith('https://checkout.example.test/s/abc');
    // The page is being left: the button stays busy so nobody pays twice.
    expect(payButton().disabled).toBe(true);
    expect(payButton().getAttribute('aria-busy')).toBe('true');
  });

  it('while a call runs: busy button and locked choice, and a second click sends nothing more', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = openCart(() => new Promise<Response>((resolve) => (answer = resolve)));
    await flush(); // the VAT answer: the button waits for it
    await act(async () => {
      fireEvent.click(payButton());
    });
    const busy = screen.getByRole('button', { name: 'Préparation du paiement…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(screen.getByRole('radio', { name: 'PayPal' }).matches(':disabled')).toBe(true); // through its fieldset
    fireEvent.submit(busy.closest('form')!);
    expect(callsTo(fetchMock, checkoutApi.card.path)).toHaveLength(1);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => answer(json(500, { error: 'internal_error', message: 'boom' })));
    await flush();
    expect(payButton().disabled).toBe(false);
    expect(payButton().textContent).toBe('Payer');
  });

  it('PayPal: creates the order, then goes straight to its PayPal page; nothing about the buyer or the cart in an address (issue 34)', async () => {
    const { fetchMock, router } = openCart(
      () => contractAnswer(checkoutApi.paypal, { order: { id: 42, paypalUrl: 'https://paypal.example.test/a' } }),
      '/en/Cart',
    );
    choose('PayPal');
    await pay();

    const [call] = callsTo(fetchMock, checkoutApi.paypal.path);
    expect(bearerOf(call?.[1])).toBe('Bearer stored-token');
    expect(bodyOf(call?.[1])).toEqual({ userId: demoUser.id, items: [{ productId: 5, qty: 2 }], amount: TOTAL_CENTS, lng: 'en' });
    expect(callsTo(fetchMock, checkoutApi.card.path)).toHaveLength(0);

    expect(openProviderPage).toHaveBeenCalledWith('https://paypal.example.test/a');
    expect(router.state.location.pathname).toBe('/en/Cart');
    expect(router.state.location.search).toBe('');
    // The page is being left: the button stays busy so nobody pays twice.
    expect(screen.getByRole('button', { busy: true }).hasAttribute('disabled')).toBe(true);
  });

  it('bank transfer: straight to the bank-transfer page, no call', async () => {
    const { fetchMock, router } = openCart(() => json(500, {}));
    choose('Virement bancaire');
    await pay();
    expect(router.state.location.pathname).toBe('/fr/payment');
    expect(fetchMock.mock.calls.filter(([url]) => !(String(url) in pageReads))).toHaveLength(0);
  });
});

describe('cart payment failures (spec §8, DESIGN.md §3)', () => {
  it.each([
    [403, 'email_not_verified', "Vous devez d'abord confirmer votre adresse e-mail pour pouvoir payer. Confirmer mon adresse e-mail"],
    [409, 'out_of_stock', "Ce produit n'est plus en stock. Choisissez-en un autre dans la boutique."],
    [400, 'total_mismatch', 'Les prix ont changé entre-temps. Rechargez la page pour voir le nouveau total, puis réessayez.'],
    [409, 'product_unavailable', "Ce produit n'est plus proposé à la vente. Choisissez-en un autre dans la boutique."],
    [
      409,
      'too_many_unpaid_orders',
      "Vous avez déjà trop de commandes en attente de paiement. Réglez-en une depuis votre espace client, ou attendez qu'elle soit annulée, avant de passer une nouvelle commande.",
    ],
    [
      409,
      'too_many_units_reserved',
      "Tant que vos commandes ne sont pas payées, vous pouvez réserver au plus 3 exemplaires d'un même produit. Commandez-en moins, ou réglez d'abord vos commandes en attente depuis votre espace client.",
    ],
    [
      502,
      'payment_provider_unavailable',
      "Le paiement n'a pas pu démarrer. Votre commande est enregistrée comme impayée : vous pouvez la régler depuis votre espace client.",
    ],
    [500, 'internal_error', "Le paiement n'a pas pu être lancé. Réessayez dans quelques instants."],
    [418, 'something_new', "Le paiement n'a pas pu être lancé. Réessayez dans quelques instants."],
  ])('card answered %i %s: its own text, logged, and nothing left', async (status, error, text) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = openCart(() => json(status, { error, message: 'server sentence', orderId: 41 }));
    await pay();
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(logged).toHaveBeenCalled();
    expect(openProviderPage).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/fr/Cart');
    expect(payButton().disabled).toBe(false);
  });

  it('e-mail not confirmed links to the verification page; provider down links to the client panel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = json(403, { error: 'email_not_verified', message: 'x' });
    openCart(() => answer, '/nl/Cart');
    await pay();
    expect(within(screen.getByRole('alert')).getByRole('link').getAttribute('href')).toBe('/nl/verify-email');

    answer = json(502, { error: 'payment_provider_unavailable', message: 'x', orderId: 41 });
    await pay();
    expect(within(screen.getByRole('alert')).getByRole('link').getAttribute('href')).toBe('/nl/PanelCLient');
  });

  it('no network: says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openCart(() => networkDown());
    await pay();
    expect(screen.getByRole('alert').textContent).toBe('Impossible de joindre le serveur. Vérifiez votre connexion internet et réessayez.');
  });

  it('PayPal refused: the same texts, and no navigation', async () => {
    const { router } = openCart(() => json(409, { error: 'out_of_stock', message: 'x' }));
    choose('PayPal');
    await pay();
    expect(screen.getByRole('alert').textContent).toBe("Ce produit n'est plus en stock. Choisissez-en un autre dans la boutique.");
    expect(router.state.location.pathname).toBe('/fr/Cart');
  });

  it('choosing another method clears the previous failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openCart(() => json(409, { error: 'out_of_stock', message: 'x' }));
    await pay();
    expect(screen.getByRole('alert')).toBeTruthy();
    choose('PayPal');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an expired session (401) ends it: the text says so and the button then leads to login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = openCart(() => json(401, { error: 'unauthorized', message: 'x' }));
    await pay();
    expect(screen.getByRole('alert').textContent).toBe('Votre session a expiré. Reconnectez-vous pour payer.');
    expect(localStorage.getItem('token')).toBeNull();
    await pay();
    expect(router.state.location.pathname).toBe('/fr/login');
    expect(router.state.location.state).toEqual({ fromInside: true, from: '/fr/Cart' });
  });
});
