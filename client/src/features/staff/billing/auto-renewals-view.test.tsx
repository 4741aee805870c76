// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { staffAutoRenewalsApi } from '../../../../../shared/contract/staff-auto-renewals';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import type { StaffAutoRenewalDto } from '../../../../../shared/schemas/staff-auto-renewals';
import { answer, isCallOf } from '../../../testing/contract-mock';
import { callsTo, json } from '../../../testing/fetch-mock';
import { openDashboard, stubDialogElement } from '../staff-test-kit';

// Billing › Renouvellements auto (issue 21): the renewal invoices around today, soonest due first,
// 50 a page, 'Charger plus' following the keyset cursor.

beforeAll(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const RENEWALS = staffAutoRenewalsApi.list.path;

function renewal(overrides: Partial<StaffAutoRenewalDto> = {}): StaffAutoRenewalDto {
  return {
    order_id: 301,
    user_id: 7,
    customer_email: 'camille@example.test',
    service_name: 'vps-abc.vps.ovh.net',
    due_at: '2026-11-24T09:00:00.000Z',
    total_cents: 1210,
    currency: 'EUR',
    order_status: 'unpaid',
    auto_renew: true,
    charge_from: 'method',
    method: 'visa •••• 4242',
    next_charge_at: '2026-11-21T09:00:00.000Z',
    attempts: [],
    ...overrides,
  };
}

async function openRenewals(pages: (query: URLSearchParams) => Response) {
  const view = openDashboard('/fr/dashboard-admin/4', {
    api: (url, init) => {
      if (isCallOf(staffAutoRenewalsApi.list, url, init)) return pages(new URL(url, 'http://x').searchParams);
      if (isCallOf(staffBillingApi.list, url, init)) return answer(staffBillingApi.list, { orders: [], next: null, hasMore: false });
      return undefined;
    },
  });
  fireEvent.click(await screen.findByRole('tab', { name: 'Renouvellements auto' }));
  return view;
}
const table = () => screen.findByRole('table', { name: 'Renouvellements automatiques' }, { timeout: 5000 });

describe('Billing › Renouvellements auto', () => {
  it("'Charger plus' asks for the renewals after the last one shown and appends them", async () => {
    const first = Array.from({ length: 50 }, (_, i) => renewal({ order_id: 400 + i }));
    const { fetchMock } = await openRenewals((query) =>
      query.get('after') === '449'
        ? answer(staffAutoRenewalsApi.list, {
            renewals: [renewal({ order_id: 450, customer_email: 'last@example.test' })],
            next: null,
            hasMore: false,
          })
        : answer(staffAutoRenewalsApi.list, { renewals: first, next: 449, hasMore: true }),
    );
    const list = await table();
    expect(within(list).getAllByRole('row')).toHaveLength(51);
    fireEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(52), { timeout: 5000 });
    expect(list.textContent).toContain('last@example.test');
    expect(callsTo(fetchMock, RENEWALS).map((c) => c[0])).toEqual([RENEWALS, `${RENEWALS}?after=449`]);
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('a renewal already paid reads « Payée : plus rien à prélever », with no next attempt (issue 34)', async () => {
    await openRenewals(() =>
      answer(staffAutoRenewalsApi.list, {
        renewals: [
          renewal(),
          renewal({ order_id: 302, order_status: 'paid', charge_from: 'paid', method: 'visa •••• 4242', next_charge_at: null }),
        ],
        next: null,
        hasMore: false,
      }),
    );
    const list = await table();
    const rowOf = (id: number) =>
      within(list)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(`#${id}`))!;
    expect(rowOf(301).textContent).toContain('visa •••• 4242');
    expect(rowOf(301).textContent).toContain('Prochaine tentative');
    expect(rowOf(302).textContent).toContain('Payée : plus rien à prélever');
    expect(rowOf(302).textContent).not.toContain('visa');
    expect(rowOf(302).textContent).not.toContain('Prochaine tentative');
  });

  it('says when there is nothing to charge, and offers to retry when the list cannot be read', async () => {
    let fail = true;
    await openRenewals(() =>
      fail
        ? json(500, { error: 'internal', message: 'boom' })
        : answer(staffAutoRenewalsApi.list, { renewals: [], next: null, hasMore: false }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les renouvellements.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucun renouvellement automatique sur cette période.')).toBeTruthy();
  });
});
