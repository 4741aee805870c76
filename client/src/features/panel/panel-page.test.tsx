// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { checkoutApi } from '../../../../shared/contract/checkout';
import { pathOf } from '../../../../shared/contract/endpoint';
import { invoicesApi } from '../../../../shared/contract/invoices';
import { ordersApi } from '../../../../shared/contract/orders';
import { vpsApi } from '../../../../shared/contract/vps';
import { walletApi } from '../../../../shared/contract/wallet';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { answer as contractAnswer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { currentUrl } from '../../testing/render-route';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { PanelPage } from './panel-page';
import { customerOrder, orderLine } from '../../testing/test-orders';
import { stubDialogElement } from '../../testing/dialogs';

let assign: ReturnType<typeof vi.fn>;
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  // jsdom cannot leave the page: record it instead.
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  stubDialogElement();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const folded = (text: string) => text.replace(/\s+/g, ' ');

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** A logged-in customer without servers on the panel; `api` answers everything but the session, server list and an empty wallet. */
function openPanel(api: Handler, url = '/fr/PanelCLient?tab=factures') {
  storeDemoSession();
  const fetchMock = mockFetch((u, init) => {
    if (u === '/api/auth/me') return json(200, { user: demoUser });
    if (u === vpsApi.list.path) return contractAnswer(vpsApi.list, { vpsList: [], next: null });
    if (u === walletApi.get.path) return contractAnswer(walletApi.get, { balance_cents: 0, currency: 'EUR', transactions: [] });
    return api(u, init);
  });
  const view = renderPage(<PanelPage />, { path: 'PanelCLient', url });
  return { fetchMock, ...view };
}

const ordersAnswer = (orders: CustomerOrderDto[]) => contractAnswer(ordersApi.list, { orders, next: null });
const orderCalls = (fetchMock: ReturnType<typeof mockFetch>) => callsTo(fetchMock, ordersApi.list.path);
const INVOICE_43 = pathOf(invoicesApi.pdf, { id: 43 });
const MOLLIE = checkoutApi.invoice.path;
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1); // minus the header row
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => folded(cell.textContent ?? ''));

const history: CustomerOrderDto[] = [
  customerOrder({ id: 45, status: 'unpaid', created_at: '2026-11-22T10:00:00.000Z', total_cents: 2420 }),
  customerOrder({
    id: 44,
    status: 'unpaid',
    payment_method: 'bank_transfer',
    transfer_reference: '+++090/9337/55493+++',
    lines: [orderLine({ name: 'Serveur Minecraft 4 Go' })],
  }),
  customerOrder({ id: 43, status: 'pending', invoice_number: 'F-2026-000012', paid_at: '2026-11-19T08:00:00.000Z' }),
  customerOrder({ id: 42, status: 'in_progress', invoice_number: 'F-2026-000011' }),
  customerOrder({ id: 41, status: 'paid', invoice_number: 'F-2026-000010', currency: 'USD', total_cents: 999 }),
  customerOrder({ id: 40, status: 'cancelled' }),
];

describe('client panel: access and tabs', () => {
  it('logged out: a message and a login link that comes back here, no call', async () => {
    const fetchMock = mockFetch(() => json(500, {}));
    const { router } = renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=factures' });
    expect(screen.getByRole('heading', { level: 1, name: 'Espace client' })).toBeTruthy();
    expect(screen.getByText('Connectez-vous pour accéder à votre espace client : vos serveurs et vos factures.')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('link', { name: 'Se connecter' })));
    expect(router.state.location.pathname).toBe('/fr/login');
    expect(router.state.location.state).toEqual({ fromInside: true, from: '/fr/PanelCLient?tab=factures' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens on "Mes VPS" by default: the empty state with a link to the shop, and no invoices call yet', async () => {
    const { fetchMock } = openPanel(() => ordersAnswer(history), '/fr/PanelCLient');
    await flush();
    expect(screen.getByText(`Bonjour ${demoUser.fullName}, retrouvez ici vos serveurs et vos factures.`)).toBeTruthy();
    const tablist = screen.getByRole('tablist', { name: "Sections de l'espace client" });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected'), tab.tabIndex])).toEqual([
      ['Mes VPS', 'true', 0],
      ['Mes services', 'false', -1],
      ['Mes Factures', 'false', -1],
      ['Paiement', 'false', -1],
      ['Sessions', 'false', -1],
    ]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getByRole('heading', { name: 'Aucun serveur pour le moment' })).toBeTruthy();
    expect(within(panel).getByText(/apparaissent ici dès qu'ils sont livrés/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Découvrir la boutique' }).getAttribute('href')).toBe('/fr/boutique');
    expect(orderCalls(fetchMock)).toHaveLength(0);
  });

  it('?tab=factures opens the invoices; clicking a tab switches and keeps the choice in the URL', async () => {
    const { router, fetchMock } = openPanel(() => ordersAnswer(history));
    await flush();
    expect(screen.getByRole('tab', { name: 'Mes Factures' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('table')).toBeTruthy();

    await act(async () => void fireEvent.click(screen.getByRole('tab', { name: 'Mes VPS' })));
    expect(currentUrl(router)).toBe('/fr/PanelCLient');
    expect(screen.queryByRole('table')).toBeNull(); // hidden with its panel
    expect(screen.getByRole('heading', { name: 'Aucun serveur pour le moment' })).toBeTruthy();

    await act(async () => void fireEvent.click(screen.getByRole('tab', { name: 'Mes Factures' })));
    expect(currentUrl(router)).toBe('/fr/PanelCLient?tab=factures');
    // Kept mounted: the rows are there at once, without a second load.
    expect(rows()).toHaveLength(6);
    expect(orderCalls(fetchMock)).toHaveLength(1);
  });

  it('arrow keys, Home and End move between the tabs and open them', async () => {
    openPanel(() => ordersAnswer([]), '/fr/PanelCLient');
    await flush();
    const vps = screen.getByRole('tab', { name: 'Mes VPS' });
    const services = screen.getByRole('tab', { name: 'Mes services' });
    const invoices = screen.getByRole('tab', { name: 'Mes Factures' });
    const payment = screen.getByRole('tab', { name: 'Paiement' });
    const sessions = screen.getByRole('tab', { name: 'Sessions' });
    vps.focus();
    await act(async () => void fireEvent.keyDown(vps, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(services);
    expect(services.getAttribute('aria-selected')).toBe('true');
    await act(async () => void fireEvent.keyDown(services, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(invoices);
    expect(invoices.getAttribute('aria-selected')).toBe('true');
    await act(async () => void fireEvent.keyDown(invoices, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(payment);
    await act(async () => void fireEvent.keyDown(payment, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(sessions);
    await act(async () => void fireEvent.keyDown(sessions, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(vps);
    await act(async () => void fireEvent.keyDown(vps, { key: 'ArrowLeft' }));
    expect(document.activeElement).toBe(sessions);
    await act(async () => void fireEvent.keyDown(sessions, { key: 'Home' }));
    expect(vps.getAttribute('aria-selected')).toBe('true');
    await act(async () => void fireEvent.keyDown(vps, { key: 'End' }));
    expect(sessions.getAttribute('aria-selected')).toBe('true');
    expect(sessions.tabIndex).toBe(0);
    expect(vps.tabIndex).toBe(-1);
  });
});

describe('client panel: invoices', () => {
  it('lists number, date, product, total and the customer’s status label, newest first, with the bearer', async () => {
    const { fetchMock } = openPanel(() => ordersAnswer(history));
    expect(screen.getByText('Chargement des factures…')).toBeTruthy();
    await flush();
    const date = (iso: string) => folded(new Intl.DateTimeFormat('fr', { dateStyle: 'medium' }).format(new Date(iso)));
    const eur = (cents: number) => folded(formatMoney(cents, 'EUR', 'fr'));
    const table = rows().map(cells);
    expect(table[0]).toEqual([
      '#45',
      date('2026-11-22T10:00:00.000Z'),
      'VPS NVMe 8 Go',
      eur(2420),
      'En attente de paiement',
      'TéléchargerPayerAnnuler la commande',
    ]);
    expect(table[1]).toEqual([
      '#44',
      date('2026-11-20T09:30:00.000Z'),
      'Serveur Minecraft 4 Go',
      eur(1573),
      'En attente de paiementCommunication : +++090/9337/55493+++',
      'TéléchargerPayerAnnuler la commande',
    ]);
    // An issued invoice also has its e-invoice (UBL); a pro forma has none.
    expect(table.slice(2).map((row) => [row[0], row[4], row[5]])).toEqual([
      ['F-2026-000012', 'Payée · en attente de mise en service', 'TéléchargerUBL (XML)'],
      ['F-2026-000011', 'Mise en service en cours', 'TéléchargerUBL (XML)'],
      ['F-2026-000010', 'Payée · livrée', 'TéléchargerUBL (XML)'],
      ['#40', 'Annulée', 'Télécharger'],
    ]);
    expect(table[4]![3]).toBe(folded(formatMoney(999, 'USD', 'fr')));
    expect(within(screen.getByRole('table')).getAllByRole('button', { name: 'Payer' })).toHaveLength(2);
    expect(bearerOf(orderCalls(fetchMock)[0]?.[1])).toBe('Bearer stored-token');
  });

  it('Télécharger fetches the PDF with the bearer and saves it as facture_{id}.pdf', async () => {
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    // jsdom has no object URLs: a URL class that makes one (restored with the other globals).
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:facture';
        static override revokeObjectURL = () => undefined;
      },
    );
    const { fetchMock } = openPanel((url) =>
      url === INVOICE_43 ? new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }) : ordersAnswer(history),
    );
    await flush();
    const row = rows()[2]!;
    const button = within(row).getByRole('button', { name: 'Télécharger' });
    // An unpaid order's PDF is a pro forma: its button says so to screen readers.
    expect(within(rows()[0]!).getByRole('button', { name: 'Télécharger' }).getAttribute('aria-describedby')).toBe(
      'invoice-45 invoice-pro-forma-note',
    );
    await act(async () => void fireEvent.click(button));
    await flush();
    const [call] = callsTo(fetchMock, INVOICE_43);
    expect(bearerOf(call?.[1])).toBe('Bearer stored-token');
    expect(saved).toEqual([{ name: 'facture_43.pdf', href: 'blob:facture' }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    vi.restoreAllMocks();
  });

  it('a failed download shows the spec’s alert and gives the button back', async () => {
    openPanel((url) => (url.endsWith('/invoice') ? json(404, { error: 'not_found' }) : ordersAnswer(history)));
    await flush();
    await act(async () => void fireEvent.click(within(rows()[2]!).getByRole('button', { name: 'Télécharger' })));
    await flush();
    expect(screen.getByRole('alertdialog', { name: 'Impossible de télécharger la facture' })).toBeTruthy();
    expect((within(rows()[2]!).getByRole('button', { name: 'Télécharger' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a bank transfer the customer has announced cannot be paid a second time by Mollie', async () => {
    openPanel(() =>
      ordersAnswer([
        customerOrder({
          payment_method: 'bank_transfer',
          transfer_reference: '+++090/9337/55493+++',
          transfer_announced_at: '2026-11-20T10:00:00.000Z',
        }),
      ]),
    );
    await flush();
    expect(cells(rows()[0]!)[4]).toBe(
      'En attente de paiementCommunication : +++090/9337/55493+++Virement annoncé, en attente de réception',
    );
    expect(screen.queryByRole('button', { name: 'Payer' })).toBeNull();
  });

  it('Payer posts { orderId, userId, lng } with the bearer and goes to Mollie’s page', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = openPanel((url) =>
      url === MOLLIE ? new Promise<Response>((resolve) => (answer = resolve)) : ordersAnswer(history),
    );
    await flush();
    const [first, second] = within(screen.getByRole('table')).getAllByRole('button', { name: 'Payer' });
    expect(first!.getAttribute('aria-describedby')).toBe('invoice-45');
    await act(async () => void fireEvent.click(first!));
    const [post] = callsTo(fetchMock, MOLLIE);
    expect(post?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ orderId: 45, userId: demoUser.id, lng: 'fr' });
    expect(bearerOf(post?.[1])).toBe('Bearer stored-token');
    // One payment at a time.
    expect((screen.getByRole('button', { name: 'Redirection…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((second as HTMLButtonElement).disabled).toBe(true);

    await act(async () =>
      answer(contractAnswer(checkoutApi.invoice, { checkoutUrl: 'https://pay.mollie.test/checkout/abc', orderId: 45 })),
    );
    await flush();
    expect(assign).toHaveBeenCalledWith('https://pay.mollie.test/checkout/abc');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a failed Payer shows the spec’s alert and gives the buttons back', async () => {
    openPanel((url) => (url === MOLLIE ? json(502, { error: 'payment_provider_unavailable' }) : ordersAnswer(history)));
    await flush();
    await act(async () => void fireEvent.click(within(screen.getByRole('table')).getAllByRole('button', { name: 'Payer' })[0]!));
    await flush();
    expect(screen.getByRole('alertdialog', { name: 'Impossible de lancer le paiement Mollie.' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    for (const button of within(screen.getByRole('table')).getAllByRole('button', { name: 'Payer' })) {
      expect((button as HTMLButtonElement).disabled).toBe(false);
    }
  });

  it('no orders: an empty state with a link to the shop', async () => {
    openPanel(() => ordersAnswer([]));
    await flush();
    expect(screen.getByRole('heading', { name: 'Aucune facture pour le moment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller à la boutique' }).getAttribute('href')).toBe('/fr/boutique');
  });

  it('a failed first load shows an error and can be retried', async () => {
    let fail = true;
    openPanel(() => (fail ? json(500, { error: 'internal_error' }) : ordersAnswer(history)));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Impossible de récupérer vos factures.');
    fail = false;
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Réessayer' })));
    await flush();
    expect(rows()).toHaveLength(6);
  });
});

describe('client panel: refresh every 10 s (spec §9)', () => {
  it('reads the orders again every 10 s and updates rows in place', async () => {
    vi.useFakeTimers();
    let orders = [customerOrder({ id: 45 }), customerOrder({ id: 44, status: 'pending' })];
    const { fetchMock } = openPanel(() => ordersAnswer(orders));
    await tick(0);
    expect(orderCalls(fetchMock)).toHaveLength(1);
    const firstRow = rows()[0]!;

    orders = [customerOrder({ id: 45, status: 'pending', invoice_number: 'F-2026-000013' }), orders[1]!];
    await tick(9_999);
    expect(orderCalls(fetchMock)).toHaveLength(1);
    await tick(1);
    expect(orderCalls(fetchMock)).toHaveLength(2);
    // Same row element, new content: no flicker, no jump.
    expect(rows()[0]).toBe(firstRow);
    expect(cells(firstRow)[0]).toBe('F-2026-000013');
    expect(cells(firstRow)[4]).toBe('Payée · en attente de mise en service');

    await tick(10_000);
    expect(orderCalls(fetchMock)).toHaveLength(3);
  });

  it('pauses while the page is hidden and catches up at once when it is shown again', async () => {
    vi.useFakeTimers();
    const { fetchMock } = openPanel(() => ordersAnswer(history));
    await tick(0);
    expect(orderCalls(fetchMock)).toHaveLength(1);

    setVisibility('hidden');
    await tick(60_000);
    expect(orderCalls(fetchMock)).toHaveLength(1);

    setVisibility('visible');
    await tick(0);
    expect(orderCalls(fetchMock)).toHaveLength(2);
    await tick(10_000);
    expect(orderCalls(fetchMock)).toHaveLength(3);
  });

  it('a failed refresh keeps the rows on screen and says it will try again', async () => {
    vi.useFakeTimers();
    let fail = false;
    const { fetchMock } = openPanel(() => (fail ? json(503, { error: 'unavailable' }) : ordersAnswer(history)));
    await tick(0);
    fail = true;
    await tick(10_000);
    expect(rows()).toHaveLength(6);
    expect(screen.getByRole('status').textContent).toBe('Actualisation impossible pour le moment, nouvel essai dans quelques secondes.');
    fail = false;
    await tick(10_000);
    expect(orderCalls(fetchMock)).toHaveLength(3);
    expect(screen.queryByRole('status')).toBeNull();
    expect(rows()).toHaveLength(6);
  });

  it('stops asking once the panel is left', async () => {
    vi.useFakeTimers();
    const { fetchMock, unmount } = openPanel(() => ordersAnswer(history));
    await tick(0);
    unmount();
    await tick(60_000);
    expect(orderCalls(fetchMock)).toHaveLength(1);
  });
});
