// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { creditNotesApi } from '../../../../shared/contract/invoices';
import { ordersApi } from '../../../../shared/contract/orders';
import { vpsApi } from '../../../../shared/contract/vps';
import { walletApi } from '../../../../shared/contract/wallet';
import type { CreditNoteDto } from '../../../../shared/schemas/billing-documents';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { answer as contractAnswer, isCallOf } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { customerOrder } from '../../testing/test-orders';
import { formatDate } from './format-date';
import { PanelPage } from './panel-page';
import { stubDialogElement } from '../../testing/dialogs';

// 'Mes Factures' and the e-invoices (issue 16): an issued invoice's UBL, and the credit notes with
// their PDF and UBL.

let saved: { name: string; href: string }[];

beforeEach(() => {
  stubDialogElement();
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  // jsdom has no object URLs.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:document';
      static override revokeObjectURL = () => undefined;
    },
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const folded = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

const orders: CustomerOrderDto[] = [
  customerOrder({ id: 45, status: 'unpaid' }),
  customerOrder({ id: 43, status: 'paid', invoice_number: '2026-000012', paid_at: '2026-11-19T08:00:00.000Z' }),
];
const creditNote = (overrides: Partial<CreditNoteDto> = {}): CreditNoteDto => ({
  id: 7,
  number: 'NC-2026-000003',
  issued_at: '2026-12-03T09:30:00.000Z',
  order_id: 43,
  invoice_number: '2026-000012',
  net_cents: 826,
  tax_cents: 173,
  total_cents: 999,
  currency: 'EUR',
  reason: 'Service interrompu pendant 3 jours',
  ...overrides,
});

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** The invoices tab; the orders and `creditNotes` answered by the contract, `files` answers the downloads. */
function openInvoices(creditNotes: CreditNoteDto[], files: Handler = () => undefined) {
  storeDemoSession();
  const fetchMock = mockFetch((u, init) => {
    if (u === '/api/auth/me') return json(200, { user: demoUser });
    if (isCallOf(vpsApi.list, u, init)) return contractAnswer(vpsApi.list, { vpsList: [], next: null });
    if (isCallOf(walletApi.get, u, init)) return contractAnswer(walletApi.get, { balance_cents: 0, currency: 'EUR', transactions: [] });
    if (isCallOf(ordersApi.list, u, init)) return contractAnswer(ordersApi.list, { orders, next: null });
    if (isCallOf(creditNotesApi.list, u, init)) return contractAnswer(creditNotesApi.list, { credit_notes: creditNotes, next: null });
    return files(u, init) ?? json(404, { error: 'not_found', message: 'Not found' });
  });
  renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=factures' });
  return fetchMock;
}

const invoiceTable = () => screen.getByRole('table', { name: 'Vos commandes et factures, de la plus récente à la plus ancienne' });
const invoiceRow = (label: string) =>
  within(invoiceTable())
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('rowheader')?.textContent === label)!;
const xmlFile = () => new Response('<Invoice/>', { headers: { 'Content-Type': 'application/xml' } });

describe('an issued invoice’s UBL', () => {
  it('only an issued invoice offers it; it is fetched with ?format=ubl and the bearer, saved as facture_{id}.xml beside its PDF', async () => {
    const fetchMock = openInvoices([], (u) =>
      u === '/api/vps/orders/43/invoice?format=ubl' ? xmlFile() : u === '/api/vps/orders/43/invoice' ? new Response('%PDF-1.7') : undefined,
    );
    await flush();
    expect(within(invoiceRow('#45')).queryByRole('button', { name: 'UBL (XML)' })).toBeNull(); // a pro forma is no invoice
    const button = within(invoiceRow('2026-000012')).getByRole('button', { name: 'UBL (XML)' });
    expect(button.getAttribute('aria-describedby')).toBe('invoice-43');

    await act(async () => void fireEvent.click(button));
    await flush();
    await act(async () => void fireEvent.click(within(invoiceRow('2026-000012')).getByRole('button', { name: 'Télécharger' })));
    await flush();
    const calls = callsTo(fetchMock, '/api/vps/orders/43/invoice');
    // The PDF keeps its address without a query.
    expect(calls.map(([url]) => url)).toEqual(['/api/vps/orders/43/invoice?format=ubl', '/api/vps/orders/43/invoice']);
    expect(bearerOf(calls[0]?.[1])).toBe('Bearer stored-token');
    expect(saved).toEqual([
      { name: 'facture_43.xml', href: 'blob:document' },
      { name: 'facture_43.pdf', href: 'blob:document' },
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('credit notes', () => {
  it('lists number, date, the invoice corrected with the reason, and the amount credited; none: no section at all', async () => {
    openInvoices([creditNote(), creditNote({ id: 6, number: 'NC-2026-000001', total_cents: 1573, reason: null })]);
    await flush();
    expect(screen.getByRole('heading', { level: 2, name: 'Notes de crédit' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Vos notes de crédit, de la plus récente à la plus ancienne' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['N°', 'Date', 'Facture corrigée', 'Montant crédité', 'Téléchargements']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => folded(cell.textContent)))).toEqual([
      [
        'NC-2026-000003',
        folded(formatDate('2026-12-03T09:30:00.000Z', 'fr')),
        '2026-000012Motif : Service interrompu pendant 3 jours',
        folded(formatMoney(999, 'EUR', 'fr')),
        'PDFUBL (XML)',
      ],
      [
        'NC-2026-000001',
        folded(formatDate('2026-12-03T09:30:00.000Z', 'fr')),
        '2026-000012',
        folded(formatMoney(1573, 'EUR', 'fr')),
        'PDFUBL (XML)',
      ],
    ]);
  });

  it("shows 50 at a time: 'Charger plus' adds the credit notes after the last one shown, then goes", async () => {
    // The first page names the next one (after=7, its last credit note); the second is the last.
    storeDemoSession();
    const paged = mockFetch((u, init) => {
      if (u === '/api/auth/me') return json(200, { user: demoUser });
      if (isCallOf(vpsApi.list, u, init)) return contractAnswer(vpsApi.list, { vpsList: [], next: null });
      if (isCallOf(walletApi.get, u, init)) return contractAnswer(walletApi.get, { balance_cents: 0, currency: 'EUR', transactions: [] });
      if (isCallOf(ordersApi.list, u, init)) return contractAnswer(ordersApi.list, { orders, next: null });
      if (u === `${creditNotesApi.list.path}?after=7`)
        return contractAnswer(creditNotesApi.list, { credit_notes: [creditNote({ id: 4, number: 'NC-2026-000001' })], next: null });
      if (u === creditNotesApi.list.path) return contractAnswer(creditNotesApi.list, { credit_notes: [creditNote()], next: 7 });
      return json(404, { error: 'not_found', message: 'Not found' });
    });
    renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=factures' });
    await flush();
    const table = screen.getByRole('table', { name: 'Vos notes de crédit, de la plus récente à la plus ancienne' });
    const more = within(table.closest('section')!).getByRole('button', { name: 'Charger plus' });
    fireEvent.click(more);
    await flush();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['NC-2026-000003', 'NC-2026-000001']);
    expect(paged.mock.calls.map(([u]) => String(u))).toContain(`${creditNotesApi.list.path}?after=7`);
    expect(within(table.closest('section')!).queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('PDF and UBL (XML) fetch the credit note’s document in that format with the bearer and save it under its number', async () => {
    const fetchMock = openInvoices([creditNote()], (u) =>
      u === '/api/credit-notes/7/document?format=pdf'
        ? new Response('%PDF-1.7')
        : u === '/api/credit-notes/7/document?format=ubl'
          ? xmlFile()
          : undefined,
    );
    await flush();
    const table = screen.getByRole('table', { name: 'Vos notes de crédit, de la plus récente à la plus ancienne' });
    const pdf = within(table).getByRole('button', { name: 'PDF' });
    expect(pdf.getAttribute('aria-describedby')).toBe('credit-note-7');
    await act(async () => void fireEvent.click(pdf));
    await flush();
    await act(async () => void fireEvent.click(within(table).getByRole('button', { name: 'UBL (XML)' })));
    await flush();
    const calls = callsTo(fetchMock, '/api/credit-notes/7/document');
    expect(calls.map(([url]) => url)).toEqual(['/api/credit-notes/7/document?format=pdf', '/api/credit-notes/7/document?format=ubl']);
    expect(calls.map(([, init]) => bearerOf(init))).toEqual(['Bearer stored-token', 'Bearer stored-token']);
    expect(saved).toEqual([
      { name: 'note_de_credit_NC-2026-000003.pdf', href: 'blob:document' },
      { name: 'note_de_credit_NC-2026-000003.xml', href: 'blob:document' },
    ]);
  });

  it('a failed download says so and gives the button back', async () => {
    openInvoices([creditNote()]);
    await flush();
    const table = screen.getByRole('table', { name: 'Vos notes de crédit, de la plus récente à la plus ancienne' });
    await act(async () => void fireEvent.click(within(table).getByRole('button', { name: 'PDF' })));
    await flush();
    expect(screen.getByRole('alertdialog', { name: 'Impossible de télécharger la note de crédit' })).toBeTruthy();
    expect((within(table).getByRole('button', { name: 'PDF' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a list that cannot be read says so under the invoices, which stay', async () => {
    storeDemoSession();
    mockFetch((u, init) => {
      if (u === '/api/auth/me') return json(200, { user: demoUser });
      if (isCallOf(ordersApi.list, u, init)) return contractAnswer(ordersApi.list, { orders, next: null });
      if (isCallOf(walletApi.get, u, init)) return contractAnswer(walletApi.get, { balance_cents: 0, currency: 'EUR', transactions: [] });
      return json(500, { error: 'internal_error', message: 'boom' });
    });
    renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=factures' });
    await flush();
    expect(invoiceTable()).toBeTruthy();
    expect(screen.getByText('Impossible de récupérer vos notes de crédit pour le moment.')).toBeTruthy();
  });
});
