// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import { staffEinvoicesApi } from '../../../../../shared/contract/staff-einvoices';
import type { EinvoiceDeliveryDto } from '../../../../../shared/schemas/einvoice-deliveries';
import { answer, isCallOf } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { openDashboard, STAFF_TOKEN, stubDialogElement } from '../staff-test-kit';

beforeAll(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function delivery(overrides: Partial<EinvoiceDeliveryDto> = {}): EinvoiceDeliveryDto {
  return {
    id: 1,
    document_id: 11,
    document_number: '2026-000042',
    document_kind: 'invoice',
    issued_at: '2026-11-25T09:00:00.000Z',
    customer_name: 'Brasserie Lambic SA',
    customer_email: 'compta@lambic.test',
    recipient: '0208:0477472701',
    access_point: 'e-invoice',
    status: 'delivered',
    attempts: 1,
    next_attempt_at: null,
    last_error: null,
    rejection_reason: null,
    validation_errors: [],
    ap_verdict: { valid: true, issues: [] },
    queued_at: '2026-11-25T09:00:00.000Z',
    sent_at: '2026-11-25T09:00:05.000Z',
    delivered_at: '2026-11-25T09:01:00.000Z',
    updated_at: '2026-11-25T09:01:00.000Z',
    can_resend: false,
    events: [
      { status: 'queued', detail: null, actor_name: null, at: '2026-11-25T09:00:00.000Z' },
      { status: 'sent', detail: null, actor_name: null, at: '2026-11-25T09:00:05.000Z' },
      { status: 'delivered', detail: null, actor_name: null, at: '2026-11-25T09:01:00.000Z' },
    ],
    ...overrides,
  };
}

const REASON = 'Receiver 0208:0888888895 is not registered on the Peppol network';
const rejected = delivery({
  id: 2,
  document_id: 12,
  document_number: '2026-000043',
  recipient: '0208:0888888895',
  status: 'rejected',
  rejection_reason: REASON,
  delivered_at: null,
  can_resend: true,
  events: [
    { status: 'queued', detail: null, actor_name: null, at: '2026-11-25T09:00:00.000Z' },
    { status: 'rejected', detail: REASON, actor_name: null, at: '2026-11-25T09:00:05.000Z' },
  ],
});
const blocked = delivery({
  id: 3,
  document_id: 13,
  document_number: 'NC-2026-000007',
  document_kind: 'credit_note',
  status: 'blocked',
  attempts: 0,
  access_point: null,
  ap_verdict: null,
  sent_at: null,
  delivered_at: null,
  validation_errors: [{ rule: 'BR-CO-15', message: 'Invoice total amount with VAT = total without VAT + VAT.' }],
  events: [{ status: 'blocked', detail: 'BR-CO-15: Invoice total…', actor_name: null, at: '2026-11-25T09:00:00.000Z' }],
});

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/** The orders list empty, the deliveries from `rows` (filtered by ?status=), and `extra` for the rest. */
function api(rows: EinvoiceDeliveryDto[], extra?: Handler): Handler {
  return (url, init) => {
    if (isCallOf(staffBillingApi.list, url, init)) return answer(staffBillingApi.list, { orders: [], next: null, hasMore: false });
    if (isCallOf(staffEinvoicesApi.list, url, init)) {
      const status = new URL(url, 'http://x').searchParams.get('status') ?? 'all';
      const deliveries = rows.filter((row) => status === 'all' || row.status === status);
      return answer(staffEinvoicesApi.list, { deliveries, next: null, hasMore: false });
    }
    return extra?.(url, init);
  };
}

/** Billing opens on its orders; the deliveries are its third tab. */
const openPeppolTab = async () => fireEvent.click(await screen.findByRole('tab', { name: 'Peppol' }));

const section = () => screen.findByRole('table', { name: 'Envois Peppol des factures et notes de crédit' });
const rowOf = (table: HTMLElement, number: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent?.startsWith(number))!;

describe('Billing, E-factures Peppol', () => {
  it('lists each delivery with its status, reason or broken rules, attempts and history; Renvoyer only where it helps', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/4', { api: api([delivery(), rejected, blocked]) });
    await openPeppolTab();
    expect(await screen.findByRole('heading', { level: 2, name: 'E-factures Peppol' })).toBeTruthy();
    const table = await section();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Document', 'Client', 'Statut', 'Détail', 'Dates', 'Action']);

    const delivered = rowOf(table, '2026-000042');
    expect(delivered.textContent).toContain('Remise');
    expect(delivered.textContent).toContain('Peppol 0208:0477472701');
    expect(within(delivered).queryByRole('button', { name: /Renvoyer/ })).toBeNull();
    expect(within(delivered).getByText('Historique (3)')).toBeTruthy();

    const refused = rowOf(table, '2026-000043');
    expect(refused.textContent).toContain('Rejetée');
    expect(refused.textContent).toContain(REASON);
    expect(refused.textContent).toContain('Essais : 1');
    expect(within(refused).getByRole('button', { name: 'Renvoyer 2026-000043 par Peppol' })).toBeTruthy();

    const stopped = rowOf(table, 'NC-2026-000007');
    expect(stopped.textContent).toContain('Note de crédit');
    expect(stopped.textContent).toContain('Bloquée');
    expect(stopped.textContent).toContain('Règles non respectées');
    expect(stopped.textContent).toContain('BR-CO-15');
    expect(within(stopped).queryByRole('button', { name: /Renvoyer/ })).toBeNull();

    const [call] = callsTo(fetchMock, '/api/admin/billing/einvoices');
    expect(call![0]).toBe('/api/admin/billing/einvoices?status=all');
    expect(bearerOf(call![1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it('the status filter asks the server for that status only', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/4', { api: api([delivery(), rejected, blocked]) });
    await openPeppolTab();
    await section();
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'rejected' } });
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/billing/einvoices?status=rejected')).toHaveLength(1));
    await waitFor(async () => expect(within(await section()).getAllByRole('row')).toHaveLength(2)); // the header and one delivery
  });

  it('Renvoyer queues the document again and shows it queued; a refusal is explained', async () => {
    let resendAnswer: Response = answer(staffEinvoicesApi.resend, {
      delivery: { ...rejected, status: 'queued', attempts: 0, rejection_reason: null, can_resend: false },
    });
    const { fetchMock } = openDashboard('/fr/dashboard-admin/4', {
      api: api([rejected], (url, init) => (isCallOf(staffEinvoicesApi.resend, url, init) ? resendAnswer : undefined)),
    });
    await openPeppolTab();
    const table = await section();
    fireEvent.click(within(rowOf(table, '2026-000043')).getByRole('button', { name: 'Renvoyer 2026-000043 par Peppol' }));

    expect(await screen.findByText("2026-000043 est de nouveau en file d'envoi.")).toBeTruthy();
    expect(rowOf(await section(), '2026-000043').textContent).toContain('En file');
    const [call] = callsTo(fetchMock, '/api/admin/billing/einvoices/12/resend');
    expect(call![1]?.method).toBe('POST');
    expect(bearerOf(call![1])).toBe(`Bearer ${STAFF_TOKEN}`);

    cleanup();
    resendAnswer = json(409, { error: 'einvoice_still_invalid', message: 'still invalid' });
    openDashboard('/fr/dashboard-admin/4', {
      api: api([rejected], (url, init) => (isCallOf(staffEinvoicesApi.resend, url, init) ? resendAnswer : undefined)),
    });
    await openPeppolTab();
    fireEvent.click(within(rowOf(await section(), '2026-000043')).getByRole('button', { name: 'Renvoyer 2026-000043 par Peppol' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Le fichier UBL de 2026-000043 ne respecte toujours pas les règles : il ne peut pas être envoyé.',
    );
  });
});
