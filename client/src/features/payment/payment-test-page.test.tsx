// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { pathOf } from '../../../../shared/contract/endpoint';
import { checkoutApi } from '../../../../shared/contract/checkout';
import { ordersApi } from '../../../../shared/contract/orders';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { CartLine } from '../../app/cart/cart-line';
import { customerOrder } from '../../testing/test-orders';
import { answer, isCallOf } from '../../testing/contract-mock';
import { bearerOf, json, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { COPY_FEEDBACK_MS } from '../../ui/use-copy-to-clipboard';
import { openProviderPage } from '../../app/checkout/open-provider-page';
import { PaymentTestPage } from './payment-test-page';
import { answerDialog, stubDialogElement } from '../../testing/dialogs';

// jsdom cannot leave the page: the PayPal redirect is observed instead.
vi.mock('../../app/checkout/open-provider-page', () => ({ openProviderPage: vi.fn() }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(openProviderPage).mockReset();
  Reflect.deleteProperty(navigator, 'clipboard');
});

// A cart line as the cart stores it: config_products is a JSON string.
const line: CartLine = {
  productId: 5,
  name: 'VPS NVMe 8 Go',
  price_cents: 1000,
  currency: 'EUR',
  qty: 2,
  image_url: '/img/vps-nvme.png',
  config_products: JSON.stringify({ ram: '8 Go', cores: 4, storage: '80 Go NVMe', traffic: 'Illimité', bandwidth: '1 Gbit/s' }),
  support_cents: 200,
  margin_cents: 100,
  tax_rate: 21,
};

/** The address the cart builds after PayPal's create-order (items encoded with encodeURIComponent). */
const testUrl = (items: unknown = [line], rest = 'userId=7&amount=3146&orderId=42', lng = 'fr') =>
  `/${lng}/paymentteste?${rest}&items=${encodeURIComponent(typeof items === 'string' ? items : JSON.stringify(items))}`;

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function openTestPage(url = testUrl(), orders: Handler = () => json(404, { error: 'not_found', message: 'x' })) {
  storeDemoSession();
  const fetchMock = mockFetch((u, init) => (u === '/api/auth/me' ? json(200, { user: demoUser }) : orders(u, init)));
  const view = renderPage(<PaymentTestPage />, { path: 'paymentteste', url });
  return { fetchMock, ...view };
}

const eur = (cents: number) => formatMoney(cents, 'EUR', 'fr');
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const payPal = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Payer avec PayPal' }));
  });
  await flush();
};

describe('test payment page: what is paid (spec §2)', () => {
  it('shows the total and the cart: image, name, specs, quantity and price', () => {
    openTestPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement de test' })).toBeTruthy();
    expect(screen.getByText('Commande n° 42 : choisissez votre moyen de paiement.')).toBeTruthy();
    expect(screen.getByText('Total à payer').parentElement?.textContent).toBe(`Total à payer${eur(3146)}`);

    const item = within(screen.getByRole('list')).getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'VPS NVMe 8 Go' })).toBeTruthy();
    expect(item.querySelector('img')?.getAttribute('src')).toBe('/img/vps-nvme.png');
    expect(
      within(item)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['RAM', 'Cœurs CPU', 'Stockage', 'Trafic', 'Bande passante']);
    expect(
      within(item)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['8 Go', '4', '80 Go NVMe', 'Illimité', '1 Gbit/s']);
    expect(item.textContent).toContain('Quantité : 2');
    // (1000 + 200 + 100) × 2, before tax.
    expect(item.textContent).toContain(`Prix HT ${eur(2600)}`);
  });

  it('config_products may also be an object; a line without an image still shows', () => {
    openTestPage(testUrl([{ ...line, image_url: null, config_products: { ram: '16 Go', cores: 8 } }]));
    const item = screen.getByRole('listitem');
    expect(
      within(item)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['16 Go', '8']);
    expect(item.querySelector('img')).toBeNull();
  });

  it('a link encoded twice still reads', () => {
    openTestPage(
      `/fr/paymentteste?userId=7&amount=3146&orderId=42&items=${encodeURIComponent(encodeURIComponent(JSON.stringify([line])))}`,
    );
    expect(screen.getByRole('heading', { name: 'VPS NVMe 8 Go' })).toBeTruthy();
  });

  it.each([
    ['no query at all', '/fr/paymentteste'],
    ['items that are not JSON', testUrl('{not json')],
    ['an empty cart', testUrl([])],
    ['a line without a name', testUrl([{ ...line, name: '' }])],
    ['an unknown currency', testUrl([{ ...line, currency: 'XYZ' }])],
    ['a missing orderId', testUrl([line], 'userId=7&amount=3146')],
    ['an amount that is not a number', testUrl([line], 'userId=7&amount=12abc&orderId=42')],
    ['a negative userId', testUrl([line], 'userId=-7&amount=3146&orderId=42')],
  ])('%s: a helpful message and a way back, no crash', async (_case, url) => {
    const { fetchMock } = openTestPage(url);
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement de test' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Ce lien de paiement est incomplet ou invalide. Repassez par votre panier pour relancer le paiement.',
    );
    expect(screen.getByRole('link', { name: 'Retour au panier' }).getAttribute('href')).toBe('/fr/Cart');
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/fr/');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url, init]) => isCallOf(ordersApi.get, String(url), init))).toHaveLength(0);
  });
});

describe('test payment page: bank transfer (spec §2, §9)', () => {
  it('the IBAN placeholder, ORDER:{orderId} with a copy button that says "copié!" for 2 seconds, and the delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openTestPage();

    fireEvent.click(screen.getByRole('radio', { name: 'Virement bancaire' }));
    expect(screen.getByText('XXXX XXXX XXXX XXXX')).toBeTruthy();
    expect(screen.getByText('ORDER:42')).toBeTruthy();
    expect(screen.getByText('Virement : 1–2 jours ouvrés')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Payer avec PayPal' })).toBeNull();

    const copy = screen.getByRole('button', { name: 'Copier ORDER:42' });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith('ORDER:42');
    expect(copy.textContent).toBe('copié!');
    expect(screen.getByRole('status').textContent).toBe('copié!');

    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS - 1));
    expect(copy.textContent).toBe('copié!');
    act(() => vi.advanceTimersByTime(1));
    expect(copy.textContent).toBe('Copier');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a second copy within 2 seconds starts the 2 seconds again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockResolvedValue(undefined) }, configurable: true });
    openTestPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Virement bancaire' }));
    const copy = screen.getByRole('button', { name: /ORDER:42$/ });
    await act(async () => fireEvent.click(copy));
    act(() => vi.advanceTimersByTime(1500));
    await act(async () => fireEvent.click(copy));
    act(() => vi.advanceTimersByTime(1500));
    expect(copy.textContent).toBe('copié!');
    act(() => vi.advanceTimersByTime(500));
    expect(copy.textContent).toBe('Copier');
  });
});

describe('test payment page: online wallet (spec §2, §7)', () => {
  it('is the choice on arrival (the customer picked PayPal in the cart)', () => {
    openTestPage();
    expect((screen.getByRole('radio', { name: 'PayPal' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Moyen de paiement' })).toBeTruthy();
  });

  it('reads the order with the bearer and goes to its paypalUrl', async () => {
    const { fetchMock } = openTestPage(testUrl(), () =>
      answer(ordersApi.get, {
        order: customerOrder({ id: 42, payment_method: 'paypal', paypalUrl: 'https://paypal.example.test/approve/42' }),
      }),
    );
    await payPal();
    const [call] = fetchMock.mock.calls.filter(([url, init]) => isCallOf(ordersApi.get, String(url), init));
    expect(call?.[0]).toBe(pathOf(ordersApi.get, { id: 42 }));
    expect(bearerOf(call?.[1])).toBe('Bearer stored-token');
    expect(openProviderPage).toHaveBeenCalledWith('https://paypal.example.test/approve/42');
    // The page is being left.
    expect((screen.getByRole('button', { name: 'Redirection vers PayPal…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('no link on the order (lapsed at PayPal): a fresh PayPal payment is opened and the customer goes there', async () => {
    const { fetchMock } = openTestPage(testUrl(), (url, init) =>
      isCallOf(checkoutApi.paypalAgain, String(url), init)
        ? answer(checkoutApi.paypalAgain, { order: { id: 42, paypalUrl: 'https://paypal.example.test/approve/fresh' } })
        : answer(ordersApi.get, { order: customerOrder({ id: 42, status: 'unpaid', payment_method: 'paypal', paypalUrl: null }) }),
    );
    await payPal();
    const [call] = fetchMock.mock.calls.filter(([url, init]) => isCallOf(checkoutApi.paypalAgain, String(url), init));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ orderId: 42 });
    expect(openProviderPage).toHaveBeenCalledWith('https://paypal.example.test/approve/fresh');
  });

  it('no paypalUrl yet: the spec alert, no redirect, and the button works again', async () => {
    stubDialogElement();
    openTestPage(testUrl(), () =>
      answer(ordersApi.get, { order: customerOrder({ id: 42, status: 'pending', payment_method: 'paypal', paypalUrl: null }) }),
    );
    await payPal();
    await answerDialog('Création du lien PayPal en cours...', 'OK');
    expect(openProviderPage).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Payer avec PayPal' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['the order is not found', () => json(404, { error: 'not_found', message: 'x' })],
    ['the network is down', () => networkDown()],
  ])('%s: says the link could not be loaded', async (_case, answer) => {
    stubDialogElement();
    openTestPage(testUrl(), answer);
    await payPal();
    expect(screen.getByRole('alert').textContent).toBe('Impossible de récupérer le lien de paiement. Réessayez dans quelques instants.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(openProviderPage).not.toHaveBeenCalled();
  });
});
