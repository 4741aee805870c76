// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import { staffBillingPaymentsApi } from '../../../../../shared/contract/staff-billing-payments';
import type { UnusualPaymentDto } from '../../../../../shared/schemas/billing-payments';
import { answer, isCallOf } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { openDashboard, STAFF_TOKEN, stubDialogElement } from '../staff-test-kit';

// Billing › Paiements (issue 20): the payments in an unusual state, with the provider's reference,
// newest first, 'Charger plus' following the keyset cursor.

beforeAll(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const PAYMENTS = staffBillingPaymentsApi.unusualPayments.path;
const folded = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function payment(overrides: Partial<UnusualPaymentDto> = {}): UnusualPaymentDto {
  return {
    key: 's12',
    kind: 'pending',
    provider: 'stripe',
    providerRef: 'cs_test_a1B2c3D4e5F6g7H8i9J0',
    orderId: 203,
    customer: { id: 7, name: 'Camille Dubois', email: 'camille@example.test' },
    amountCents: 2661,
    currency: 'EUR',
    at: '2026-11-24T09:00:00.000Z',
    refund: null,
    ...overrides,
  };
}

const refunded = payment({
  key: 'r4',
  kind: 'paid_after_cancel',
  provider: 'paypal',
  providerRef: '3C679366HH908993F',
  orderId: 205,
  refund: { status: 'refunded', providerRefundId: '1JU08902781691411' },
});
const failing = payment({
  key: 'r5',
  kind: 'paid_twice',
  provider: 'mollie',
  providerRef: 'tr_WDqYK6vllg',
  refund: { status: 'failed', providerRefundId: null },
});

async function openPayments(pages: (query: URLSearchParams) => Response) {
  const view = openDashboard('/fr/dashboard-admin/4', {
    api: (url, init) => {
      if (isCallOf(staffBillingPaymentsApi.unusualPayments, url, init)) return pages(new URL(url, 'http://x').searchParams);
      if (isCallOf(staffBillingApi.list, url, init)) return answer(staffBillingApi.list, { orders: [], next: null, hasMore: false });
      return undefined;
    },
  });
  fireEvent.click(await screen.findByRole('tab', { name: 'Paiements' }));
  return view;
}
const table = () => screen.findByRole('table', { name: 'Paiements à surveiller, du plus récent au plus ancien' });
const rowOf = (t: HTMLElement, ref: string) =>
  within(t)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(ref))!;

describe('Billing › Paiements', () => {
  it('lists each payment with its state, the provider and its reference, the order, customer, amount and date', async () => {
    const { fetchMock } = await openPayments(() =>
      answer(staffBillingPaymentsApi.unusualPayments, { payments: [payment(), refunded, failing], next: null }),
    );
    const list = await table();
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['État', 'Référence', 'Commande', 'Client', 'Montant', 'Date']);
    const [call] = callsTo(fetchMock, PAYMENTS);
    expect(call?.[0]).toBe(`${PAYMENTS}?limit=50`);
    expect(bearerOf(call?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);

    const pending = folded(rowOf(list, 'cs_test_a1B2c3D4e5F6g7H8i9J0').textContent);
    for (const text of ['En attente chez le prestataire', 'Stripe', '#203', 'Camille Dubois', 'camille@example.test'])
      expect(pending).toContain(text);
    expect(pending).toContain(folded(formatMoney(2661, 'EUR', 'fr')));
    const back = folded(rowOf(list, '3C679366HH908993F').textContent);
    for (const text of ['Payé après annulation', 'Remboursé automatiquement', 'PayPal', 'Remboursement 1JU08902781691411'])
      expect(back).toContain(text);
    const stuck = folded(rowOf(list, 'tr_WDqYK6vllg').textContent);
    for (const text of ['Payé deux fois', 'Remboursement automatique en échec, nouvel essai prévu', 'Mollie'])
      expect(stuck).toContain(text);
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it("'Charger plus' asks for the rows after the cursor and appends them once", async () => {
    const { fetchMock } = await openPayments((query) =>
      query.get('after') === 'CURSOR-1'
        ? answer(staffBillingPaymentsApi.unusualPayments, { payments: [refunded, failing], next: null })
        : answer(staffBillingPaymentsApi.unusualPayments, { payments: [payment(), refunded], next: 'CURSOR-1' }),
    );
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull());
    expect(callsTo(fetchMock, PAYMENTS).map((c) => c[0])).toEqual([`${PAYMENTS}?limit=50`, `${PAYMENTS}?limit=50&after=CURSOR-1`]);
    expect(within(await table()).getAllByRole('row')).toHaveLength(4); // the header and three payments, none twice
  });

  it('says when there is nothing to watch, and offers to retry when the list cannot be read', async () => {
    let fail = true;
    await openPayments(() =>
      fail
        ? json(500, { error: 'internal', message: 'boom' })
        : answer(staffBillingPaymentsApi.unusualPayments, { payments: [], next: null }),
    );
    await screen.findByText('Impossible de récupérer les paiements.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByText('Aucun paiement à surveiller.');
  });
});
