// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { staffOrdersApi } from '../../../../shared/contract/staff-orders';
import { staffProfileApi } from '../../../../shared/contract/staff-profile';
import type { StaffProfileDto, TransactionDto } from '../../../../shared/schemas/staff/profile';
import { answer, isCallOf } from '../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../testing/fetch-mock';
import { openDashboard, STAFF_TOKEN } from './staff-test-kit';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const profile: StaffProfileDto = {
  id: 42,
  fullName: 'Alex Martin',
  email: 'alex@demo.test',
  avatarUrl: null,
  walletCents: 12550,
  role: 'manager',
  is_online: false,
};

function openProfile(transactions: TransactionDto[], fail = false) {
  const view = openDashboard('/fr/dashboard-admin/0', {
    role: 'manager',
    api: (url, init) => {
      if (isCallOf(staffOrdersApi.list, url, init)) return answer(staffOrdersApi.list, { orders: [], limit: 50, next: null });
      if (fail && url.startsWith('/api/admin/user/')) return json(500, { error: 'internal' });
      if (url === '/api/admin/user/42') return answer(staffProfileApi.profile, profile);
      if (url === '/api/admin/user/42/transactions') return answer(staffProfileApi.transactions, { transactions });
      return undefined;
    },
  });
  return view;
}

describe('profile page (spec §2 "Profile page")', () => {
  it("shows 'Profil de {fullName}', the wallet in euros and the recent transactions", async () => {
    const { fetchMock } = openProfile([
      { id: 5, type: 'credit', amountCents: 2000, date: '2026-11-19T08:00:00.000Z', description: 'Recharge' },
      { id: 6, type: 'debit', amountCents: -750, date: '2026-11-20T08:00:00.000Z', description: 'Commande #101' },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mon profil' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil de Alex Martin' })).toBeTruthy();
    // Matched on the raw text: the amount holds narrow no-break spaces the default matcher rewrites.
    expect(
      screen.getByText((_, element) => element?.tagName === 'DD' && element.textContent === formatMoney(12550, 'EUR', 'fr')),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Transactions récentes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Type', 'Montant', 'Date', 'Description']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Crédit');
    expect(rows[0]!.textContent).toContain(formatMoney(2000, 'EUR', 'fr'));
    expect(rows[1]!.textContent).toContain('Commande #101');
    expect(bearerOf(callsTo(fetchMock, '/api/admin/user/42')[0]?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it("without transactions: 'Aucune transaction pour le moment.'", async () => {
    openProfile([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mon profil' }));
    expect(await screen.findByText('Aucune transaction pour le moment.')).toBeTruthy();
  });

  it('a failure says so', async () => {
    openProfile([], true);
    fireEvent.click(await screen.findByRole('button', { name: 'Mon profil' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de récupérer le profil.');
  });

  it('following a sidebar link closes the profile', async () => {
    openProfile([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mon profil' }));
    await screen.findByRole('heading', { level: 1, name: 'Profil de Alex Martin' });
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Catégories du tableau de bord' })).getByRole('link', { name: 'Utilisateurs' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mon profil' })).toBeTruthy();
  });
});
