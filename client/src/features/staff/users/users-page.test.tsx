// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { staffUsersApi } from '../../../../../shared/contract/staff-users';
import type { StaffUserDetailDto, StaffUserDto, StaffUserOrderDto, StaffUserVpsDto } from '../../../../../shared/schemas/staff/users';
import { answer } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { bodyOf, openDashboard, STAFF_TOKEN, answerDialog, stubDialogElement } from '../staff-test-kit';

beforeAll(stubDialogElement);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const account = (overrides: Partial<StaffUserDto> = {}): StaffUserDto => ({
  id: 7,
  fullName: 'Camille Dupont',
  email: 'camille@example.test',
  role: 'customer',
  is_online: false,
  user_type: 'particulier',
  company_name: null,
  country: 'BE',
  created_at: '2026-11-20T09:00:00.000Z',
  orders_count: 3,
  vps_count: 1,
  wallet_cents: 2550,
  deleted_at: null,
  ...overrides,
});

const detailOf = (user: StaffUserDto): StaffUserDetailDto => ({
  user: {
    ...user,
    address: 'Rue Haute 1, 1000 Bruxelles',
    phone: '+32 470 00 00 00',
    vat_number: null,
    language: 'fr',
    email_verified_at: '2026-11-20T09:05:00.000Z',
  },
  payment: {
    wallet_first: false,
    auto_renew_servers: { on: 1, total: 1 },
    methods: [
      {
        id: 3,
        provider: 'stripe',
        kind: 'card',
        brand: 'visa',
        last4: '4242',
        exp_month: 4,
        exp_year: 2029,
        bank_account: null,
        sandbox_outcome: null,
        is_default: true,
        created_at: '2026-11-21T08:00:00.000Z',
      },
      {
        id: 2,
        provider: 'mollie',
        kind: 'directdebit',
        brand: null,
        last4: null,
        exp_month: null,
        exp_year: null,
        bank_account: 'BE** **** **** 4567',
        sandbox_outcome: null,
        is_default: false,
        created_at: '2026-11-20T08:00:00.000Z',
      },
    ],
  },
});

const userOrder = (overrides: Partial<StaffUserOrderDto> = {}): StaffUserOrderDto => ({
  id: 501,
  status: 'paid',
  product_name: 'VPS Linux S',
  total_cents: 1210,
  currency: 'EUR',
  created_at: '2026-11-20T10:00:00.000Z',
  invoice_number: 'F2026-0001',
  cancel_reason: null,
  refund: null,
  ...overrides,
});

const userVps = (overrides: Partial<StaffUserVpsDto> = {}): StaffUserVpsDto => ({
  id: 9,
  service_name: 'vps-abc.vps.ovh.net',
  ip: '203.0.113.50',
  os: 'Debian 12',
  plan: 'VPS Comfort',
  state: 'assigned',
  expires_at: '2026-12-20T10:00:00.000Z',
  auto_renew: true,
  ...overrides,
});

/** One page; with `hasMore`, the next one starts after its last account. */
const page = (users: StaffUserDto[], hasMore = false) =>
  answer(staffUsersApi.list, { users, next: hasMore ? users.at(-1)!.id : null, hasMore });

/** The dashboard on category 2 with a list answer and, for /api/admin/users/{id} (and its orders and VPS), that account. */
function openUsers(
  role: 'admin' | 'manager',
  users: StaffUserDto[],
  extra?: (url: string, init: RequestInit | undefined) => Response | undefined,
) {
  return openDashboard('/fr/dashboard-admin/2', {
    role,
    api: (url, init) => {
      const special = extra?.(url, init);
      if (special) return special;
      if (url === '/api/admin/users' || url.startsWith('/api/admin/users?')) return page(users);
      const match = /^\/api\/admin\/users\/(\d+)(\/orders|\/vps)?$/.exec(url);
      const user = match && users.find((u) => u.id === Number(match[1]));
      if (!user) return undefined;
      if (match[2] === '/orders') return answer(staffUsersApi.orders, { orders: [userOrder()], next: null, hasMore: false });
      if (match[2] === '/vps') return answer(staffUsersApi.vps, { vpsList: [userVps()], next: null, hasMore: false });
      return answer(staffUsersApi.detail, detailOf(user));
    },
  });
}

describe('users page (category 2)', () => {
  it('lists the accounts with Nom, E-mail, Rôle, Commandes, VPS, Inscrit le, cards carrying their labels', async () => {
    const { fetchMock } = openUsers('manager', [
      account(),
      account({ id: 8, fullName: 'Sophie Agent', email: 'sophie@example.test', role: 'support', orders_count: 0, vps_count: 0 }),
    ]);
    const table = await screen.findByRole('table', { name: 'Comptes des utilisateurs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nom', 'E-mail', 'Rôle', 'Commandes', 'VPS', 'Inscrit le']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Camille Dupont');
    expect(row.textContent).toContain('camille@example.test');
    expect(row.textContent).toContain('Client');
    expect([...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Nom',
      'E-mail',
      'Rôle',
      'Commandes',
      'VPS',
      'Inscrit le',
    ]);
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('Support');
    const [first] = callsTo(fetchMock, '/api/admin/users');
    expect(first?.[0]).toBe('/api/admin/users');
    expect(bearerOf(first?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('searches by text and filters by role; « Charger plus » appends the next page', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => account({ id: 100 + i, fullName: `Client ${i}` }));
    const { fetchMock } = openDashboard('/fr/dashboard-admin/2', {
      role: 'manager',
      api: (url) => {
        if (url === '/api/admin/users') return page(fifty, true);
        if (url === '/api/admin/users?after=149') return page([account({ id: 99, fullName: 'Dernier Client' })]);
        if (url === '/api/admin/users?q=dupont') return page([account()]);
        if (url === '/api/admin/users?q=dupont&role=support') return page([]);
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Charger plus' }));
    expect(await screen.findByText('Dernier Client')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(52);
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Nom, e-mail ou entreprise'), { target: { value: ' dupont ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Rôle'), { target: { value: 'support' } });
    expect(await screen.findByText('Aucun utilisateur trouvé.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/users').map(([url]) => url)).toEqual([
      '/api/admin/users',
      '/api/admin/users?after=149',
      '/api/admin/users?q=dupont',
      '/api/admin/users?q=dupont&role=support',
    ]);
  });

  it('a failed list says « Impossible de récupérer les utilisateurs. » and can be retried', async () => {
    let fail = true;
    openDashboard('/fr/dashboard-admin/2', {
      role: 'manager',
      api: (url) =>
        url === '/api/admin/users' || url.startsWith('/api/admin/users?')
          ? fail
            ? json(500, { error: 'internal' })
            : page([account()])
          : undefined,
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de récupérer les utilisateurs.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Camille Dupont')).toBeTruthy();
  });

  it('opens an account with its facts, orders and VPS; a manager sees no role or password form; back returns the focus', async () => {
    openUsers('manager', [account({ role: 'support' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Camille Dupont' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Utilisateur #7 : Camille Dupont' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Rue Haute 1, 1000 Bruxelles')).toBeTruthy();
    expect(screen.getByText(/25,50\s€/)).toBeTruthy();
    const orders = await screen.findByRole('table', { name: 'Commandes de Camille Dupont' });
    expect(orders.textContent).toContain('#501');
    expect(orders.textContent).toContain('F2026-0001');
    expect(orders.textContent).toContain('Payée');
    const vps = await screen.findByRole('table', { name: 'VPS de Camille Dupont' });
    expect(vps.textContent).toContain('vps-abc.vps.ovh.net');
    expect(vps.textContent).toContain('Livré');
    expect(vps.textContent).toContain('Activé');
    // Issue 21: the saved methods, read-only (no action button), and the renewal choices.
    const methods = screen.getByRole('table', { name: 'Moyens de paiement de Camille Dupont' });
    const rows = within(methods).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Visa •••• 4242Stripe04\/29Oui/),
      expect.stringMatching(/^BE\*\* \*\*\*\* \*\*\*\* 4567Mollie · prélèvement—Non/),
    ]);
    expect(within(methods).queryByRole('button')).toBeNull();
    expect(screen.getByText('Solde du portefeuille utilisé en premier').nextElementSibling?.textContent).toBe('Non');
    expect(screen.getByText('Serveurs renouvelés automatiquement').nextElementSibling?.textContent).toBe('1 sur 1');
    expect(screen.queryByRole('heading', { name: 'Rôle du compte' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Mot de passe administrateur' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Camille Dupont' })));
  });

  it('an agent opening the account of a customer refunded in full reads « Remboursée », the amount and where it went', async () => {
    const refunded = userOrder({ id: 502, status: 'cancelled', cancel_reason: 'refunded', refund: { amount_cents: 1210, to: 'paypal' } });
    const expired = userOrder({ id: 503, status: 'cancelled', cancel_reason: 'reservation_expired', invoice_number: null });
    openUsers('manager', [account()], (url) =>
      url === '/api/admin/users/7/orders'
        ? answer(staffUsersApi.orders, { orders: [refunded, expired], next: null, hasMore: false })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Camille Dupont' }));
    const orders = await screen.findByRole('table', { name: 'Commandes de Camille Dupont' });
    const statusOf = (id: number) =>
      within(
        within(orders)
          .getByRole('rowheader', { name: `#${id}` })
          .closest('tr')!,
      ).getAllByRole('cell')[1]!.textContent;

    expect(statusOf(502)).toMatch(/^Remboursée12,10\s€ remboursés sur PayPal$/);
    // Cancelled for another reason: a bare « Annulée », no refund line.
    expect(statusOf(503)).toBe('Annulée');
  });

  it("an account's orders and VPS read 50 a page: each 'Charger plus' adds the rows after the last one shown", async () => {
    const firstOrders = Array.from({ length: 50 }, (_, i) => userOrder({ id: 600 - i, invoice_number: null }));
    const firstVps = Array.from({ length: 50 }, (_, i) => userVps({ id: 300 - i, service_name: `vps-${300 - i}.vps.ovh.net` }));
    const { fetchMock } = openUsers('manager', [account()], (url) => {
      if (url === '/api/admin/users/7/orders') return answer(staffUsersApi.orders, { orders: firstOrders, next: 551, hasMore: true });
      if (url === '/api/admin/users/7/orders?after=551')
        return answer(staffUsersApi.orders, { orders: [userOrder({ id: 550 })], next: null, hasMore: false });
      if (url === '/api/admin/users/7/vps') return answer(staffUsersApi.vps, { vpsList: firstVps, next: 251, hasMore: true });
      if (url === '/api/admin/users/7/vps?after=251') return json(500, { error: 'internal', message: 'down' });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Camille Dupont' }));
    const slow = { timeout: 5000 }; // fifty rows twice take a while to render on a busy machine
    const ordersSection = await screen.findByRole('region', { name: 'Commandes' }, slow);
    const orders = await within(ordersSection).findByRole('table', { name: 'Commandes de Camille Dupont' }, slow);
    expect(within(orders).getAllByRole('row')).toHaveLength(51);
    fireEvent.click(within(ordersSection).getByRole('button', { name: 'Charger plus' }));
    await waitFor(() => expect(within(orders).getAllByRole('row')).toHaveLength(52), slow);
    expect(orders.textContent).toContain('#550');
    expect(within(ordersSection).queryByRole('button', { name: 'Charger plus' })).toBeNull();

    // A next page that fails keeps the rows shown and the button, to try again.
    const vpsSection = screen.getByRole('region', { name: 'VPS' });
    const vps = await within(vpsSection).findByRole('table', { name: 'VPS de Camille Dupont' }, slow);
    fireEvent.click(within(vpsSection).getByRole('button', { name: 'Charger plus' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/users/7/vps?after=251')).toHaveLength(1));
    await waitFor(() =>
      expect((within(vpsSection).getByRole('button', { name: 'Charger plus' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(within(vps).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Serveurs renouvelés automatiquement').nextElementSibling?.textContent).toBe('1 sur 1');
  });

  it("an account's list that cannot be read says so beside the others, and reads again on « Réessayer »", async () => {
    let fail = true;
    openUsers('manager', [account()], (url) =>
      url === '/api/admin/users/7/vps' && fail ? json(500, { error: 'internal', message: 'down' }) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Camille Dupont' }));
    const vpsSection = await screen.findByRole('region', { name: 'VPS' });
    expect((await within(vpsSection).findByRole('alert')).textContent).toBe('Impossible de charger les VPS de ce compte.');
    expect(await screen.findByRole('table', { name: 'Commandes de Camille Dupont' })).toBeTruthy();
    fail = false;
    fireEvent.click(within(vpsSection).getByRole('button', { name: 'Réessayer' }));
    expect(await within(vpsSection).findByRole('table', { name: 'VPS de Camille Dupont' })).toBeTruthy();
  });

  it('an admin changes a role after confirming; cancelling sends nothing; the list shows the new role', async () => {
    const { fetchMock } = openUsers('admin', [account()], (url, init) =>
      url === '/api/admin/users/7/role' && init?.method === 'PATCH'
        ? answer(staffUsersApi.changeRole, { user: account({ role: 'support' }) })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Camille Dupont' }));
    const submit = await screen.findByRole('button', { name: 'Changer le rôle' });
    expect((submit as HTMLButtonElement).disabled).toBe(true); // same role: nothing to change
    // A customer has no admin password to set.
    expect(screen.queryByRole('heading', { name: 'Mot de passe administrateur' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Nouveau rôle'), { target: { value: 'support' } });
    fireEvent.click(submit);
    await answerDialog('Donner le rôle « Support » à Camille Dupont ?', 'Annuler');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, '/api/admin/users/7/role')).toHaveLength(0);

    fireEvent.click(submit);
    await answerDialog('Donner le rôle « Support » à Camille Dupont ?', 'Confirmer');
    expect((await screen.findByRole('status')).textContent).toContain('Rôle mis à jour.');
    expect(bodyOf(callsTo(fetchMock, '/api/admin/users/7/role')[0]?.[1])).toEqual({ role: 'support' });
    // Now staff: the admin password form appears.
    expect(screen.getByRole('heading', { name: 'Mot de passe administrateur' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    const row = (await screen.findByRole('button', { name: 'Camille Dupont' })).closest('tr')!;
    expect(row.textContent).toContain('Support');
  });

  it('shows the server refusal of a role change, and no role form on the admin’s own account', async () => {
    openUsers('admin', [account({ role: 'manager' }), account({ id: 42, fullName: 'Alex Martin', role: 'admin' })], (url) =>
      url === '/api/admin/users/7/role' ? json(409, { error: 'cannot_change_own_role', message: 'no' }) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Camille Dupont' }));
    fireEvent.change(await screen.findByLabelText('Nouveau rôle'), { target: { value: 'customer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Changer le rôle' }));
    await answerDialog('Donner le rôle « Client » à Camille Dupont ?', 'Confirmer');
    expect((await screen.findByRole('alert')).textContent).toBe('Vous ne pouvez pas changer votre propre rôle.');

    fireEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Alex Martin' }));
    await screen.findByRole('heading', { level: 1, name: 'Utilisateur #42 : Alex Martin' });
    expect(screen.getByText('Vous ne pouvez pas changer votre propre rôle.')).toBeTruthy();
    expect(screen.queryByLabelText('Nouveau rôle')).toBeNull();
  });

  it('an admin sets a staff member’s admin password: too short is refused here, then sent once and cleared', async () => {
    const { fetchMock } = openUsers('admin', [account({ role: 'support' })], (url, init) =>
      url === '/api/admin/users/7/admin-password' && init?.method === 'PUT'
        ? answer(staffUsersApi.setAdminPassword, { success: true })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Camille Dupont' }));
    const input = (await screen.findByLabelText(/Nouveau mot de passe administrateur/)) as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.change(input, { target: { value: 'court' } });
    fireEvent.click(screen.getByRole('button', { name: 'Définir le mot de passe' }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins 10 caractères.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, '/api/admin/users/7/admin-password')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'Un-long-mot-de-passe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Définir le mot de passe' }));
    expect(await screen.findByText('Mot de passe administrateur défini.')).toBeTruthy();
    expect(bodyOf(callsTo(fetchMock, '/api/admin/users/7/admin-password')[0]?.[1])).toEqual({ password: 'Un-long-mot-de-passe' });
    expect(input.value).toBe('');
  });
});
