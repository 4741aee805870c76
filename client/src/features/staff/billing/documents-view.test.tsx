// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import type { BillingDocumentDto } from '../../../../../shared/schemas/billing-documents';
import { answer, isCallOf } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { openDashboard, STAFF_TOKEN, answerDialog, stubDialogElement } from '../staff-test-kit';
import { previousMonth } from './export-form';

// Billing › Documents (issue 16): the issued invoices and credit notes with their e-invoice check and
// files, and the accountant's export.

let saved: string[];

beforeAll(stubDialogElement);
beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:file';
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

const euros = (cents: number) => formatMoney(cents, 'EUR', 'fr');
const folded = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function billingDocument(overrides: Partial<BillingDocumentDto> = {}): BillingDocumentDto {
  return {
    id: 5,
    kind: 'invoice',
    number: '2026-000042',
    issued_at: '2026-11-21T10:00:00.000Z',
    order_id: 203,
    user_id: 7,
    customer_name: 'PixelForge SRL',
    customer_email: 'compta@pixelforge.test',
    buyer_vat_number: 'BE0987654321',
    vat_scheme: 'standard',
    net_cents: 3198,
    tax_cents: 672,
    total_cents: 3870,
    currency: 'EUR',
    payment_method: 'card',
    corrects_number: null,
    validation: { valid: true, errors: [], warnings: 0, checked_at: '2026-11-21T10:00:05.000Z' },
    ...overrides,
  };
}

const invalid = billingDocument({
  id: 6,
  number: '2026-000043',
  customer_name: 'Octet SAS',
  buyer_vat_number: 'FR12345678901',
  vat_scheme: 'reverse_charge',
  tax_cents: 0,
  total_cents: 3198,
  validation: {
    valid: false,
    errors: [{ rule: 'BR-AE-02', message: 'An Invoice with a VAT breakdown of category AE shall contain the Buyer VAT identifier.' }],
    warnings: 1,
    checked_at: '2026-11-22T09:00:00.000Z',
  },
});
const creditNote = billingDocument({
  id: 7,
  kind: 'credit_note',
  number: 'NC-2026-000001',
  corrects_number: '2026-000042',
  net_cents: 826,
  tax_cents: 173,
  total_cents: 999,
  payment_method: 'wallet',
  validation: { valid: null, errors: [], warnings: 0, checked_at: null },
});

const DOCUMENTS = staffBillingApi.documents.path;
type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/** Billing opened on its Documents tab; `documents` answers the list calls by their query, `extra` the files. */
async function openDocuments(documents: (query: URLSearchParams) => Response, extra: Handler = () => undefined) {
  const view = openDashboard('/fr/dashboard-admin/4', {
    api: (url, init) => {
      if (isCallOf(staffBillingApi.documents, url, init)) return documents(new URL(url, 'http://x').searchParams);
      if (isCallOf(staffBillingApi.list, url, init)) return answer(staffBillingApi.list, { orders: [], next: null, hasMore: false });
      return extra(url, init);
    },
  });
  fireEvent.click(await screen.findByRole('tab', { name: 'Documents' }));
  return view;
}
/** One page; with `hasMore`, the next one starts after its last document. */
const listOf = (documents: BillingDocumentDto[], hasMore = false) =>
  answer(staffBillingApi.documents, { documents, next: hasMore ? documents.at(-1)!.id : null, hasMore });
const documentsTable = () => screen.findByRole('table', { name: 'Documents émis, du plus récent au plus ancien' });
const rowOf = (table: HTMLElement, number: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.querySelector('td')?.textContent?.startsWith(number))!;

describe('Billing › Documents', () => {
  it('lists the documents with the staff token: number, kind, date, customer, VAT scheme, amounts, validation and files', async () => {
    const { fetchMock } = await openDocuments(() => listOf([billingDocument(), invalid, creditNote]));
    expect(screen.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    const table = await documentsTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['N°', 'Date', 'Client', 'Régime TVA', 'Montant', 'Validation', 'Fichiers']);
    const [call] = callsTo(fetchMock, DOCUMENTS);
    expect(call?.[0]).toBe(`${DOCUMENTS}?kind=all`);
    expect(bearerOf(call?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);

    const first = folded(rowOf(table, '2026-000042').textContent);
    for (const text of ['Commande #203', 'Facture', 'PixelForge SRL', 'compta@pixelforge.test', 'BE0987654321', 'TVA belge', 'Valide']) {
      expect(first).toContain(text);
    }
    expect(first).toContain(folded(euros(3870)));
    expect(first).toContain(folded(`HT ${euros(3198)} · TVA ${euros(672)}`));
    expect(within(rowOf(table, '2026-000042')).getByRole('button', { name: 'PDF' })).toBeTruthy();
    expect(within(rowOf(table, '2026-000042')).getByRole('button', { name: 'UBL' })).toBeTruthy();

    expect(folded(rowOf(table, '2026-000043').textContent)).toContain('Autoliquidation');
    expect(folded(rowOf(table, '2026-000043').textContent)).toContain('Erreurs : 1');
    expect(folded(rowOf(table, '2026-000043').textContent)).toContain('Avertissements : 1');
    const note = folded(rowOf(table, 'NC-2026-000001').textContent);
    expect(note).toContain('Note de crédit');
    expect(note).toContain('Corrige 2026-000042');
    expect(note).toContain('Non vérifié');
    // Why, and what to do: beside the status, and once above the table.
    expect(note).toContain('Règles officielles non installées');
    expect(screen.getByRole('note').textContent).toContain('indiquez leur dossier dans EINVOICE_RULES_DIR');
  });

  it('says nothing of missing rules when every document was checked', async () => {
    await openDocuments(() => listOf([billingDocument(), invalid]));
    await documentsTable();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText('Règles officielles non installées')).toBeNull();
  });

  it('a document with errors lists each broken rule and its message on demand', async () => {
    await openDocuments(() => listOf([invalid]));
    const row = rowOf(await documentsTable(), '2026-000043');
    const toggle = within(row).getByRole('button', { name: 'Voir les erreurs' });
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    expect(folded(list.textContent)).toBe(
      'BR-AE-02 An Invoice with a VAT breakdown of category AE shall contain the Buyer VAT identifier.',
    );
    expect(toggle.textContent).toBe('Masquer les erreurs');
  });

  it("'Filtrer' reads the kind and the period chosen; 'Charger plus' adds the next page", async () => {
    const { fetchMock } = await openDocuments((q) =>
      q.get('kind') === 'credit_note'
        ? q.get('after') === null
          ? listOf([creditNote], true)
          : listOf([{ ...creditNote, id: 8, number: 'NC-2026-000002' }])
        : listOf([billingDocument()]),
    );
    await documentsTable();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'credit_note' } });
    const filters = screen.getByRole('button', { name: 'Filtrer' }).closest('form')!;
    fireEvent.change(within(filters).getByLabelText('Du'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(filters).getByLabelText('Au'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrer' }));
    await screen.findByText('NC-2026-000001'); // the credit notes' first page is in
    expect(screen.queryByText('2026-000042')).toBeNull();
    expect(callsTo(fetchMock, DOCUMENTS).map(([url]) => url)).toContain(`${DOCUMENTS}?kind=credit_note&from=2026-11-01&to=2026-11-30`);

    fireEvent.click(await screen.findByRole('button', { name: 'Charger plus' }));
    await screen.findByText('NC-2026-000002');
    const table = await documentsTable();
    expect(within(table).getAllByRole('row')).toHaveLength(3); // header + two pages
    expect(callsTo(fetchMock, DOCUMENTS).at(-1)?.[0]).toBe(`${DOCUMENTS}?kind=credit_note&from=2026-11-01&to=2026-11-30&after=7`);
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('PDF and UBL fetch the file in that format with the staff token and save it under the document number; a failure says so', async () => {
    const { fetchMock } = await openDocuments(
      () => listOf([billingDocument(), creditNote]),
      (url) => (url === '/api/admin/billing/documents/5/file?format=ubl' ? new Response('<Invoice/>') : undefined),
    );
    const table = await documentsTable();
    await act(async () => void fireEvent.click(within(rowOf(table, '2026-000042')).getByRole('button', { name: 'UBL' })));
    await waitFor(() => expect(saved).toEqual(['2026-000042.xml']));
    const [call] = callsTo(fetchMock, '/api/admin/billing/documents/5/file');
    expect(call?.[0]).toBe('/api/admin/billing/documents/5/file?format=ubl');
    expect(bearerOf(call?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);

    await act(async () => void fireEvent.click(within(rowOf(table, 'NC-2026-000001')).getByRole('button', { name: 'PDF' })));
    await answerDialog('Impossible de télécharger le document.', 'OK');
    expect(callsTo(fetchMock, '/api/admin/billing/documents/7/file')[0]?.[0]).toBe('/api/admin/billing/documents/7/file?format=pdf');
  });

  it('the list that cannot be read says so; an empty one too', async () => {
    await openDocuments(() => json(500, { error: 'internal_error', message: 'boom' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de récupérer les documents.');
    cleanup();
    await openDocuments(() => listOf([]));
    expect(await screen.findByText('Aucun document pour ces critères.')).toBeTruthy();
  });
});

describe('Billing › Documents › accountant export', () => {
  const exportForm = () => screen.getByRole('region', { name: 'Export comptable' });

  it('offers last month; downloads the zip of the period chosen with the staff token', async () => {
    const { fetchMock } = await openDocuments(
      () => listOf([]),
      (url, init) => (isCallOf(staffBillingApi.export, url, init) ? new Response(new Uint8Array([0x50, 0x4b, 3, 4])) : undefined),
    );
    const form = exportForm();
    const last = previousMonth();
    expect([
      (within(form).getByLabelText('Du') as HTMLInputElement).value,
      (within(form).getByLabelText('Au') as HTMLInputElement).value,
    ]).toEqual([last.from, last.to]);
    fireEvent.change(within(form).getByLabelText('Du'), { target: { value: '2026-10-01' } });
    fireEvent.change(within(form).getByLabelText('Au'), { target: { value: '2026-12-31' } });
    await act(async () => void fireEvent.click(within(form).getByRole('button', { name: "Télécharger l'export" })));
    await waitFor(() => expect(saved).toEqual(['export-comptable_2026-10-01_2026-12-31.zip']));
    const [call] = callsTo(fetchMock, staffBillingApi.export.path);
    expect(call?.[0]).toBe('/api/admin/billing/export?from=2026-10-01&to=2026-12-31');
    expect(bearerOf(call?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it('an end before the start, or a missing date, is refused before any call; a server failure says so', async () => {
    const { fetchMock } = await openDocuments(
      () => listOf([]),
      (url, init) => (isCallOf(staffBillingApi.export, url, init) ? json(500, { error: 'internal_error', message: 'boom' }) : undefined),
    );
    const form = exportForm();
    const submit = () => act(async () => void fireEvent.click(within(form).getByRole('button', { name: "Télécharger l'export" })));
    fireEvent.change(within(form).getByLabelText('Du'), { target: { value: '2026-12-01' } });
    fireEvent.change(within(form).getByLabelText('Au'), { target: { value: '2026-11-30' } });
    await submit();
    expect(within(form).getByRole('alert').textContent).toBe('La date de fin précède la date de début.');
    expect(within(form).getByLabelText('Au').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Du'))); // the first date to correct
    fireEvent.change(within(form).getByLabelText('Au'), { target: { value: '' } });
    await submit();
    expect(within(form).getByRole('alert').textContent).toBe('Choisissez la date de début et la date de fin.');
    expect(callsTo(fetchMock, staffBillingApi.export.path)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Au'), { target: { value: '2026-12-31' } });
    await submit();
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe("L'export a échoué. Réessayez."));
    expect(callsTo(fetchMock, staffBillingApi.export.path)).toHaveLength(1);
    expect(saved).toEqual([]);
  });
});
