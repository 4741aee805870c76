// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { pathOf } from '../../../../shared/contract/endpoint';
import { ordersApi } from '../../../../shared/contract/orders';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { answer as contractAnswer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { customerOrder } from '../../testing/test-orders';
import { PaymentSuccessPage } from './payment-success-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const folded = (text: string) => text.replace(/\s+/g, ' ');

const cartWith = (productId: number) =>
  JSON.stringify([
    { productId, name: 'VPS NVMe 8 Go', price_cents: 1000, currency: 'EUR', qty: 1, image_url: null, config_products: '{}' },
  ]);

type OrderAnswer = () => Response | Promise<Response>;

/** A logged-in customer back from the provider; `answer` plays GET /api/orders/42. */
function openSuccess(answer: OrderAnswer, url = '/fr/payment/success?orderId=42') {
  storeDemoSession();
  const fetchMock = mockFetch((u) => (u === '/api/auth/me' ? json(200, { user: demoUser }) : answer()));
  const view = renderPage(<PaymentSuccessPage />, { path: 'payment/success', url });
  return { fetchMock, ...view };
}

const orderCalls = (fetchMock: ReturnType<typeof mockFetch>) => callsTo(fetchMock, pathOf(ordersApi.get, { id: 42 }));
const orderAnswer = (order: CustomerOrderDto) => contractAnswer(ordersApi.get, { order });

describe('payment success page', () => {
  it('polls the order every 2 s while unpaid, then confirms it and clears the cart', async () => {
    vi.useFakeTimers();
    localStorage.setItem('cart', cartWith(5));
    let order: CustomerOrderDto = customerOrder();
    const { fetchMock } = openSuccess(() => orderAnswer(order));
    await tick(0);

    expect(screen.getByRole('heading', { level: 1, name: 'Confirmation du paiement' })).toBeTruthy();
    const waiting = screen.getByText('Nous attendons la confirmation de votre paiement…');
    expect(waiting.closest('[aria-live="polite"]')).toBeTruthy();
    expect(waiting.querySelector('.spinner')).toBeTruthy();
    expect(orderCalls(fetchMock)).toHaveLength(1);
    expect(orderCalls(fetchMock)[0]?.[0]).toBe(pathOf(ordersApi.get, { id: 42 }));
    expect(bearerOf(orderCalls(fetchMock)[0]?.[1])).toBe('Bearer stored-token');

    await tick(1999);
    expect(orderCalls(fetchMock)).toHaveLength(1);
    await tick(1);
    expect(orderCalls(fetchMock)).toHaveLength(2);
    // Still unpaid: the cart stays.
    expect(localStorage.getItem('cart')).not.toBeNull();

    order = customerOrder({ status: 'pending', paid_at: '2026-11-20T09:31:00.000Z', invoice_number: 'F-2026-000123' });
    await tick(2000);
    expect(orderCalls(fetchMock)).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement confirmé' })).toBeTruthy();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('Merci pour votre commande ! Nous avons bien reçu votre paiement.');
    expect(screen.getAllByText('Merci pour votre commande ! Nous avons bien reçu votre paiement.')).toHaveLength(1);
    const details = Array.from(document.querySelectorAll('.payment-return__detail')).map((row) => folded(row.textContent ?? ''));
    expect(details).toEqual([
      'Commanden° 42',
      'ProduitVPS NVMe 8 Go',
      `Montant payé${folded(formatMoney(1573, 'EUR', 'fr'))}`,
      'FactureF-2026-000123',
    ]);
    // Issue 31: in minutes when it installs by itself, the terms' working days at most otherwise.
    expect(
      screen.getByText(/en quelques minutes pour un serveur de jeu ou un VPS qui s'installe seul, sous 3 à 4 jours ouvrables au plus/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir mes factures' }).getAttribute('href')).toBe('/fr/PanelCLient?tab=factures');
    expect(screen.getByRole('link', { name: 'Voir mes services' }).getAttribute('href')).toBe('/fr/PanelCLient?tab=services');
    expect(localStorage.getItem('cart')).toBeNull();

    await tick(30_000);
    expect(orderCalls(fetchMock)).toHaveLength(3);
  });

  it('a cart holding another product than the paid order (an old invoice paid from the panel) is kept', async () => {
    vi.useFakeTimers();
    localStorage.setItem('cart', cartWith(9));
    openSuccess(() => orderAnswer(customerOrder({ status: 'paid' })));
    await tick(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement confirmé' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
  });

  it('still unpaid after about 60 s: stops asking and says the confirmation will show in the panel', async () => {
    vi.useFakeTimers();
    const { fetchMock } = openSuccess(() => orderAnswer(customerOrder()));
    await tick(0);
    await tick(58_000);
    expect(screen.getByText('Nous attendons la confirmation de votre paiement…')).toBeTruthy();
    await tick(2_000);
    const calls = orderCalls(fetchMock).length;
    expect(calls).toBe(31);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmation en cours' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('La confirmation prend plus de temps que prévu');
    expect(screen.getByRole('link', { name: 'Mon espace client' }).getAttribute('href')).toBe('/fr/PanelCLient?tab=factures');
    await tick(60_000);
    expect(orderCalls(fetchMock)).toHaveLength(calls);
  });

  it('a passing server error does not stop the polling', async () => {
    vi.useFakeTimers();
    const answers = [json(502, { error: 'bad_gateway' }), orderAnswer(customerOrder({ status: 'in_progress' }))];
    const { fetchMock } = openSuccess(() => answers.shift() ?? json(500, {}));
    await tick(0);
    expect(screen.getByText('Nous attendons la confirmation de votre paiement…')).toBeTruthy();
    await tick(2000);
    expect(orderCalls(fetchMock)).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement confirmé' })).toBeTruthy();
  });

  it('an unknown order (404) says so clearly', async () => {
    vi.useFakeTimers();
    const { fetchMock } = openSuccess(() => json(404, { error: 'not_found', message: 'No such order' }));
    await tick(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Commande introuvable' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Nous ne trouvons pas cette commande dans votre compte.');
    await tick(10_000);
    expect(orderCalls(fetchMock)).toHaveLength(1);
  });

  it('a cancelled order says no payment is expected and keeps the cart', async () => {
    vi.useFakeTimers();
    localStorage.setItem('cart', cartWith(5));
    openSuccess(() => orderAnswer(customerOrder({ status: 'cancelled' })));
    await tick(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Commande annulée' })).toBeTruthy();
    expect(localStorage.getItem('cart')).not.toBeNull();
  });

  it('without an order id: no call, a clear message', async () => {
    const { fetchMock } = openSuccess(() => json(200, {}), '/fr/payment/success?orderId=abc');
    expect(screen.getByRole('alert').textContent).toContain("Aucune commande n'est indiquée.");
    expect(orderCalls(fetchMock)).toHaveLength(0);
  });

  it('logged out: a login link that comes back to this very page, and no call', async () => {
    const fetchMock = mockFetch(() => json(500, {}));
    const { router } = renderPage(<PaymentSuccessPage />, { path: 'payment/success', url: '/fr/payment/success?orderId=42' });
    expect(screen.getByText('Connectez-vous pour suivre la confirmation de votre paiement.')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('link', { name: 'Se connecter' })));
    expect(router.state.location.pathname).toBe('/fr/login');
    expect(router.state.location.state).toEqual({ fromInside: true, from: '/fr/payment/success?orderId=42' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
