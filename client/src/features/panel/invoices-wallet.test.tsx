// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { pathOf } from '../../../../shared/contract/endpoint';
import { ordersApi } from '../../../../shared/contract/orders';
import { walletApi } from '../../../../shared/contract/wallet';
import type { WalletDto } from '../../../../shared/schemas/wallet';
import { answer as contractAnswer, isCallOf } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { storeDemoSession, demoUser } from '../../testing/session-fixtures';
import { formatDate } from './format-date';
import { PanelPage } from './panel-page';
import { customerOrder, orderLine } from '../../testing/test-orders';

beforeEach(() => {
  vi.stubGlobal('alert', vi.fn());
  // jsdom has <dialog> without its methods: open and close it the way browsers do.
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const folded = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');
// Intl puts no-break spaces in amounts: compare texts with every space folded to one.
const eur = (cents: number) => folded(formatMoney(cents, 'EUR', 'fr'));
const fdate = (iso: string) => folded(formatDate(iso, 'fr'));
const balance = () => folded(document.querySelector('.wallet-card__balance')?.textContent);
const confirmButton = () => screen.getByRole('button', { name: /^Payer \d/ });

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

const WALLET = walletApi.get.path;
const ORDERS = ordersApi.list.path;
const payWithWallet = (orderId: number) => pathOf(walletApi.pay, { id: orderId });
const walletAnswer = (body: WalletDto) => contractAnswer(walletApi.get, body);
const ordersAnswer = (orders: CustomerOrderDto[]) => contractAnswer(ordersApi.list, { orders, next: null });

/** The invoices tab of a logged-in customer; `api` answers the orders, the wallet and the payments. */
function openInvoices(api: Handler) {
  storeDemoSession();
  const fetchMock = mockFetch((u, init) => {
    if (u === '/api/auth/me') return json(200, { user: demoUser });
    return api(u, init);
  });
  renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=factures' });
  return fetchMock;
}

const wallet = (overrides: Partial<WalletDto> = {}): WalletDto => ({
  balance_cents: 2000,
  currency: 'EUR',
  transactions: [],
  ...overrides,
});

const unpaid: CustomerOrderDto[] = [
  customerOrder({ id: 45, total_cents: 2420 }), // more than the balance
  customerOrder({ id: 44, total_cents: 1573 }), // covered
  customerOrder({ id: 43, total_cents: 999, currency: 'USD' }), // another currency
  customerOrder({ id: 42, total_cents: 500, status: 'paid', invoice_number: 'F-2026-000011' }),
];

const walletButtons = () => screen.queryAllByRole('button', { name: 'Payer avec mon solde' });
const rowOf = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr')!;

describe('invoices: the wallet card', () => {
  it('shows the balance and, behind a disclosure, the latest movements with signed amounts', async () => {
    const fetchMock = openInvoices((url) =>
      url === WALLET
        ? walletAnswer(
            wallet({
              balance_cents: 4250,
              transactions: [
                {
                  id: 3,
                  type: 'debit',
                  amount_cents: -1573,
                  description: 'Paiement de la facture #44',
                  order_id: 44,
                  created_at: '2026-11-21T10:00:00.000Z',
                },
                {
                  id: 2,
                  type: 'credit',
                  amount_cents: 5823,
                  description: 'Crédit commercial',
                  order_id: null,
                  created_at: '2026-11-18T09:00:00.000Z',
                },
              ],
            }),
          )
        : ordersAnswer(unpaid),
    );
    await flush();
    const card = screen.getByRole('region', { name: 'Solde du portefeuille' });
    expect(balance()).toBe(eur(4250));
    expect(bearerOf(callsTo(fetchMock, WALLET)[0]?.[1])).toBe('Bearer stored-token');

    const summary = within(card).getByText('Derniers mouvements (2)');
    expect(summary.tagName).toBe('SUMMARY');
    const moves = within(card).getAllByRole('listitem');
    expect(moves.map((li) => folded(li.textContent))).toEqual([
      `${fdate('2026-11-21T10:00:00.000Z')}Paiement de la facture #44${eur(-1573)}`,
      `${fdate('2026-11-18T09:00:00.000Z')}Crédit commercial+${eur(5823)}`,
    ]);
    // Money in is green; money out stays neutral.
    expect(moves[1]!.querySelector('.wallet-move__amount')!.className).toContain('wallet-move__amount--in');
    expect(moves[0]!.querySelector('.wallet-move__amount')!.className).not.toContain('--in');
  });

  it('says so when the wallet has no movement yet', async () => {
    openInvoices((url) => (url === WALLET ? walletAnswer(wallet({ balance_cents: 0 })) : ordersAnswer(unpaid)));
    await flush();
    const card = screen.getByRole('region', { name: 'Solde du portefeuille' });
    expect(balance()).toBe(eur(0));
    expect(within(card).getByText('Aucun mouvement sur votre portefeuille pour le moment.')).toBeTruthy();
    expect(within(card).queryByRole('listitem')).toBeNull();
  });
});

describe('invoices: paying from the wallet', () => {
  it('offers the wallet only on unpaid invoices the balance covers, in the wallet’s currency', async () => {
    openInvoices((url) => (url === WALLET ? walletAnswer(wallet()) : ordersAnswer(unpaid)));
    await flush();
    expect(walletButtons()).toHaveLength(1);
    expect(within(rowOf('#44')).getByRole('button', { name: 'Payer avec mon solde' }).getAttribute('aria-describedby')).toBe('invoice-44');
    // Mollie stays offered on every unpaid invoice.
    expect(screen.getAllByRole('button', { name: 'Payer' })).toHaveLength(3);
  });

  it('not on an invoice whose bank transfer was announced', async () => {
    const announced = customerOrder({
      payment_method: 'bank_transfer',
      transfer_reference: '+++090/9337/55493+++',
      transfer_announced_at: '2026-11-20T10:00:00.000Z',
    });
    openInvoices((url) => (url === WALLET ? walletAnswer(wallet()) : ordersAnswer([announced])));
    await flush();
    expect(walletButtons()).toHaveLength(0);
  });

  it('asks first, then posts, shows the paid invoice and the new balance, and reads both again', async () => {
    let answer: (response: Response) => void = () => undefined;
    let balanceCents = 2000;
    let orders = unpaid;
    const paid = customerOrder({
      id: 44,
      total_cents: 1573,
      status: 'pending',
      invoice_number: 'F-2026-000013',
      paid_at: '2026-11-22T10:00:00.000Z',
    });
    const fetchMock = openInvoices((url) => {
      if (url === WALLET) return walletAnswer(wallet({ balance_cents: balanceCents }));
      if (url === payWithWallet(44)) return new Promise<Response>((resolve) => (answer = resolve));
      return ordersAnswer(orders);
    });
    await flush();
    await act(async () => void fireEvent.click(walletButtons()[0]!));

    const dialog = screen.getByRole('alertdialog', { name: /^Payer avec votre solde/ });
    expect(folded(within(dialog).getByText(/^Payer la facture/).textContent)).toBe(
      `Payer la facture #44 de ${eur(1573)} avec votre solde ? Il vous restera ${eur(427)}.`,
    );
    expect(fetchMock.mock.calls.filter(([url, init]) => isCallOf(walletApi.pay, String(url), init))).toHaveLength(0);
    expect(folded(confirmButton().textContent)).toBe(`Payer ${eur(1573)}`);
    await act(async () => void fireEvent.click(confirmButton()));

    const [post] = callsTo(fetchMock, payWithWallet(44));
    expect(post?.[1]?.method).toBe('POST');
    expect(bearerOf(post?.[1])).toBe('Bearer stored-token');
    // One payment at a time: every pay button waits.
    expect((within(rowOf('#44')).getByRole('button', { name: 'Paiement…' }) as HTMLButtonElement).disabled).toBe(true);
    for (const button of screen.getAllByRole('button', { name: 'Payer' })) expect((button as HTMLButtonElement).disabled).toBe(true);

    const ordersBefore = callsTo(fetchMock, ORDERS).length;
    const walletBefore = callsTo(fetchMock, WALLET).length;
    balanceCents = 427;
    orders = unpaid.map((o) => (o.id === 44 ? paid : o));
    await act(async () => answer(contractAnswer(walletApi.pay, { order: paid, balance_cents: 427 })));
    await flush();

    expect(screen.getByRole('status').textContent).toBe('Facture F-2026-000013 payée avec votre solde.');
    expect(balance()).toBe(eur(427));
    expect(within(rowOf('F-2026-000013')).queryByRole('button', { name: /Payer/ })).toBeNull();
    expect(callsTo(fetchMock, ORDERS).length).toBeGreaterThan(ordersBefore);
    expect(callsTo(fetchMock, WALLET).length).toBeGreaterThan(walletBefore);
    // 427 covers nothing left: no wallet button any more, Mollie buttons back.
    expect(walletButtons()).toHaveLength(0);
    for (const button of screen.getAllByRole('button', { name: 'Payer' })) expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('Annuler closes the question without paying', async () => {
    const fetchMock = openInvoices((url) => (url === WALLET ? walletAnswer(wallet()) : ordersAnswer(unpaid)));
    await flush();
    await act(async () => void fireEvent.click(walletButtons()[0]!));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Annuler' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url, init]) => isCallOf(walletApi.pay, String(url), init))).toHaveLength(0);
  });

  it('an insufficient balance answer says so and points to the other way to pay', async () => {
    openInvoices((url) => {
      if (url === WALLET) return walletAnswer(wallet());
      if (url === payWithWallet(44)) {
        return json(409, {
          error: 'insufficient_balance',
          message: 'The wallet balance does not cover this invoice',
          balanceCents: 1000,
          totalCents: 1573,
        });
      }
      return ordersAnswer(unpaid);
    });
    await flush();
    await act(async () => void fireEvent.click(walletButtons()[0]!));
    await act(async () => void fireEvent.click(confirmButton()));
    await flush();
    expect(folded(screen.getByRole('alert').textContent)).toBe(
      'Votre solde ne couvre plus la facture #44. Vous pouvez la régler avec le bouton « Payer ».',
    );
    expect((walletButtons()[0] as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['order_not_payable', "La facture #44 n'attend plus de paiement : elle a peut-être déjà été réglée. La liste est actualisée."],
    [
      'transfer_announced',
      "Un virement a été annoncé pour la facture #44 : notre équipe le rapprochera, aucun autre paiement n'est nécessaire.",
    ],
    ['wallet_currency', "La facture #44 n'est pas dans la devise de votre portefeuille. Vous pouvez la régler avec le bouton « Payer »."],
    ['internal_error', "Le paiement avec votre solde n'a pas abouti. Vérifiez l'état de la facture #44 avant de réessayer."],
  ])('a %s answer has its own message', async (code, message) => {
    openInvoices((url) => {
      if (url === WALLET) return walletAnswer(wallet());
      if (url === payWithWallet(44)) return json(code === 'internal_error' ? 500 : 409, { error: code, message: '' });
      return ordersAnswer(unpaid);
    });
    await flush();
    await act(async () => void fireEvent.click(walletButtons()[0]!));
    await act(async () => void fireEvent.click(confirmButton()));
    await flush();
    expect(folded(screen.getByRole('alert').textContent)).toBe(message);
  });
});

describe('invoices: renewal due dates', () => {
  const renewal = (overrides: Partial<CustomerOrderDto>) =>
    customerOrder({ id: 50, due_at: '2026-12-20T09:30:00.000Z', lines: [orderLine({ name: 'VPS Comfort' })], ...overrides });

  async function productCell(order: CustomerOrderDto, now: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    openInvoices((url) => (url === WALLET ? walletAnswer(wallet({ balance_cents: 0 })) : ordersAnswer([order])));
    await flush();
    return folded(rowOf('#50').querySelector('.invoice-row__product')!.textContent);
  }

  it('shows the due date under the product', async () => {
    expect(await productCell(renewal({}), '2026-12-14T08:00:00.000Z')).toBe(
      `VPS ComfortRenouvellement · échéance le ${fdate('2026-12-20T09:30:00.000Z')}`,
    );
  });

  it('unpaid past the due date: the day the server will be suspended (7 days later)', async () => {
    expect(await productCell(renewal({}), '2026-12-22T08:00:00.000Z')).toBe(
      `VPS ComfortRenouvellement · échéance du ${fdate('2026-12-20T09:30:00.000Z')} dépassée : sans paiement, le serveur sera suspendu le ${fdate('2026-12-27T09:30:00.000Z')}.`,
    );
  });

  it('unpaid more than 7 days after it: suspended until paid', async () => {
    expect(await productCell(renewal({}), '2026-12-28T08:00:00.000Z')).toContain(
      'le serveur est suspendu et sera réactivé dès le paiement.',
    );
  });

  it('paid: only the due date', async () => {
    const paid = renewal({ status: 'paid', invoice_number: 'F-2026-000020', paid_at: '2026-12-21T08:00:00.000Z' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-22T08:00:00.000Z'));
    openInvoices((url) => (url === WALLET ? walletAnswer(wallet()) : ordersAnswer([paid])));
    await flush();
    expect(folded(rowOf('F-2026-000020').querySelector('.invoice-row__product')!.textContent)).toBe(
      `VPS ComfortRenouvellement · échéance le ${fdate('2026-12-20T09:30:00.000Z')}`,
    );
  });

  it('an invoice that is not a renewal has no note', async () => {
    expect(await productCell(customerOrder({ id: 50, lines: [orderLine({ name: 'VPS Comfort' })] }), '2026-12-14T08:00:00.000Z')).toBe(
      'VPS Comfort',
    );
  });
});

describe('invoices: stock reservations', () => {
  async function statusCell(order: CustomerOrderDto, label: string) {
    openInvoices((url) => (url === WALLET ? walletAnswer(wallet({ balance_cents: 0 })) : ordersAnswer([order])));
    await flush();
    return folded(rowOf(label).querySelector('.invoice-row__status')!.textContent);
  }
  const when = (iso: string) => folded(new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)));

  it('an unpaid order says until when it can be paid', async () => {
    const order = customerOrder({ id: 60, reserved_until: '2026-11-25T09:30:00.000Z' });
    expect(await statusCell(order, '#60')).toBe(`En attente de paiementÀ payer avant le ${when('2026-11-25T09:30:00.000Z')}`);
  });

  it('an order cancelled because it was not paid in time says so', async () => {
    const order = customerOrder({ id: 61, status: 'cancelled', cancel_reason: 'reservation_expired' });
    expect(await statusCell(order, '#61')).toBe('AnnuléeNon payée à temps : le produit a été remis en vente');
  });
});

describe('invoices: a page at a time', () => {
  it("shows the newest orders, and 'Charger plus' adds the orders after the last one shown until there are no more", async () => {
    const fetchMock = openInvoices((url) => {
      if (url === WALLET) return walletAnswer(wallet());
      if (url === `${ORDERS}?before=44`)
        return contractAnswer(ordersApi.list, { orders: [customerOrder({ id: 43 }), customerOrder({ id: 42 })], next: null });
      if (url === ORDERS)
        return contractAnswer(ordersApi.list, { orders: [customerOrder({ id: 45 }), customerOrder({ id: 44 })], next: 44 });
      return undefined as unknown as Response;
    });
    await screen.findByRole('rowheader', { name: /45/ });
    expect(screen.queryByRole('rowheader', { name: /43/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    await screen.findByRole('rowheader', { name: /43/ });
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      expect.stringContaining('45'),
      expect.stringContaining('44'),
      expect.stringContaining('43'),
      expect.stringContaining('42'),
    ]);
    expect(callsTo(fetchMock, ORDERS).map(([url]) => url)).toContain(`${ORDERS}?before=44`);
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });
});
