// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import type { BillingOrderDto } from '../../../../../shared/schemas/staff/billing';
import { answer } from '../../../testing/contract-mock';
import { callsTo } from '../../../testing/fetch-mock';
import { bodyOf, openDashboard, stubDialogElement } from '../staff-test-kit';

beforeAll(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A delivered order (paid) of 12,10 €, nothing refunded yet. */
const delivered: BillingOrderDto = {
  id: 205,
  user_id: 7,
  client_name: 'Camille Dupont',
  client_email: 'camille@example.test',
  status: 'paid',
  payment_method: 'card',
  total_cents: 1210,
  currency: 'EUR',
  created_at: '2026-11-20T10:15:00.000Z',
  due_at: null,
  transfer_reference: null,
  transfer_announced_at: null,
  invoice_number: '2026-000050',
  paid_at: '2026-11-20T10:16:00.000Z',
  refunded_cents: 0,
  refundable_to_payment: false,
  cancel_reason: null,
  refund: null,
};

async function openRefund() {
  const view = openDashboard('/fr/dashboard-admin/4', {
    api: (url, init) => {
      if (url.startsWith('/api/admin/billing?filter=paid'))
        return answer(staffBillingApi.list, { orders: [delivered], next: null, hasMore: false });
      if (url.startsWith('/api/admin/billing')) return answer(staffBillingApi.list, { orders: [], next: null, hasMore: false });
      if (url === '/api/admin/orders/205/refund' && init?.method === 'POST')
        return answer(staffBillingApi.refund, { success: true, wallet_cents: 1210 });
      return undefined;
    },
  });
  await screen.findByText('Aucune commande à encaisser.');
  fireEvent.click(screen.getByRole('button', { name: 'Payées' }));
  const paid = await screen.findByRole('table', { name: 'Commandes payées' });
  fireEvent.click(within(paid).getByRole('button', { name: 'Rembourser' }));
  return { ...view, form: screen.getByRole('dialog', { name: 'Rembourser la commande #205' }) };
}

const servicesGroup = (form: HTMLElement) => within(form).queryByRole('group', { name: /que deviennent les services livrés/ });

describe('refunding a delivered order in full (issue 31)', () => {
  it('asks how its services end: nothing is sent until chosen, then the choice goes with the refund', async () => {
    const { form, fetchMock } = await openRefund();
    fireEvent.change(within(form).getByLabelText(/Montant \(EUR\)/), { target: { value: '5' } });
    expect(servicesGroup(form)).toBeNull(); // a part only: the services go on
    fireEvent.change(within(form).getByLabelText(/Montant \(EUR\)/), { target: { value: '12,10' } });
    fireEvent.change(within(form).getByLabelText(/Motif/), { target: { value: 'Jamais utilisé' } });
    const group = servicesGroup(form)!;
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([false, false]);
    fireEvent.click(within(form).getByRole('button', { name: 'Rembourser' }));
    expect(await within(form).findByText('Choisissez quand les services de cette commande prennent fin.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/orders/205/refund')).toHaveLength(0);

    fireEvent.click(within(group).getByLabelText('À la fin de la période payée, sans renouvellement'));
    fireEvent.click(within(form).getByRole('button', { name: 'Rembourser' }));
    await vi.waitFor(() => expect(callsTo(fetchMock, '/api/admin/orders/205/refund')).toHaveLength(1));
    const [call] = callsTo(fetchMock, '/api/admin/orders/205/refund');
    expect(bodyOf(call?.[1])).toEqual({ amount_cents: 1210, reason: 'Jamais utilisé', to: 'wallet', services: 'end_of_term' });
  });
});
