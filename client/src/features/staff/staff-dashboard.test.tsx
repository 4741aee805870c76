// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { staffAuthApi } from '../../../../shared/contract/staff-auth';
import { staffDutyApi } from '../../../../shared/contract/staff-duty';
import { staffOrdersApi } from '../../../../shared/contract/staff-orders';
import { staffProfileApi } from '../../../../shared/contract/staff-profile';
import { answer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { DashboardCategoryPage } from './dashboard-category-page';
import { bodyOf, openDashboard, STAFF_TOKEN, answerDialog, stubDialogElement } from './staff-test-kit';

beforeAll(stubDialogElement);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const sidebar = () => screen.getByRole('navigation', { name: 'Catégories du tableau de bord' });
const sidebarNames = () =>
  within(sidebar())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('admin password check (spec §2 "Staff dashboard", §5, §8)', () => {
  it('asks the admin password first; success stores adminToken and adminVerified, then shows the dashboard', async () => {
    const { fetchMock, user } = openDashboard('/fr/dashboard-admin', {
      verified: false,
      api: (url) =>
        url === '/api/admin/verify-admin-password'
          ? answer(staffAuthApi.verifyAdminPassword, { success: true, message: 'OK', adminToken: 'fresh-staff-token' })
          : undefined,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vérification administrateur' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Mot de passe administrateur/), { target: { value: 'Demo-admin-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Alex Martin' })).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBe('fresh-staff-token');
    expect(localStorage.getItem('adminVerified')).toBe('true');
    const [verify] = callsTo(fetchMock, '/api/admin/verify-admin-password');
    expect(bodyOf(verify?.[1])).toEqual({ userId: user.id, admin_password: 'Demo-admin-1' });
    expect(bearerOf(verify?.[1])).toBe('Bearer session-token');
    // Every staff call after it carries the staff token.
    const [role] = callsTo(fetchMock, '/api/admin/getrole');
    expect(role?.[0]).toBe(`/api/admin/getrole?userId=${user.id}`);
    expect(bearerOf(role?.[1])).toBe('Bearer fresh-staff-token');
  });

  it('a wrong password shows « Mot de passe incorrect » and stores nothing', async () => {
    openDashboard('/fr/dashboard-admin', {
      verified: false,
      api: () => json(401, { error: 'wrong_admin_password', message: 'Mot de passe incorrect' }),
    });
    fireEvent.change(await screen.findByLabelText(/Mot de passe administrateur/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Mot de passe incorrect');
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminVerified')).toBeNull();
    expect((screen.getByRole('button', { name: 'Vérifier' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('429 says how long to wait (Retry-After, counting down in minutes and seconds when over one) and holds the button until then', async () => {
    openDashboard('/fr/dashboard-admin', {
      verified: false,
      api: () => json(429, { error: 'too_many_attempts', message: 'Too many' }, { 'Retry-After': '900' }),
    });
    fireEvent.change(await screen.findByLabelText(/Mot de passe administrateur/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect((await screen.findByRole('timer')).textContent).toBe('Trop de tentatives de vérification. Réessayez dans 15 min 00 s.');
    expect(screen.getByRole('alert').textContent).toBe('Trop de tentatives de vérification. Réessayez dans 15 minutes.');
    expect((screen.getByRole('button', { name: 'Vérifier' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText("Une erreur s'est produite lors de la vérification.")).toBeNull();
  });

  it('any other failure shows the generic verification error', async () => {
    openDashboard('/fr/dashboard-admin', { verified: false, api: () => json(500, { error: 'internal', message: 'boom' }) });
    fireEvent.change(await screen.findByLabelText(/Mot de passe administrateur/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Une erreur s'est produite lors de la vérification.");
  });

  it('an empty password is refused without a call; the button is disabled while checking', async () => {
    let resolveCheck: (response: Response) => void = () => undefined;
    const { fetchMock } = openDashboard('/fr/dashboard-admin', {
      verified: false,
      api: () => new Promise<Response>((resolve) => (resolveCheck = resolve)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Saisissez votre mot de passe administrateur.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/verify-admin-password')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Mot de passe administrateur/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    const busy = await screen.findByRole('button', { name: /Vérification/ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    resolveCheck(json(401, { error: 'wrong_admin_password' }));
    expect(await screen.findByText('Mot de passe incorrect')).toBeTruthy();
  });

  it('an expired staff token (401 staff_token_required) clears both keys and asks the password again', async () => {
    openDashboard('/fr/dashboard-admin/0', {
      api: (url) => (url.startsWith('/api/admin/orders') ? json(401, { error: 'staff_token_required', message: 'again' }) : undefined),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vérification administrateur' })).toBeTruthy();
    expect(screen.getByText(/Votre accès administrateur a expiré/)).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminVerified')).toBeNull();
  });

  it('a logged-out visitor is asked to log in first, with a way back here', async () => {
    mockFetch(() => json(404, {}));
    renderPage(<DashboardCategoryPage />, { path: 'dashboard-admin/:categoryId', url: '/fr/dashboard-admin/0' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/fr/login');
  });
});

describe('dashboard layout (spec §2, §6 "Staff roles")', () => {
  it.each([
    ['admin', ['Commandes', 'Support', 'Utilisateurs', 'Produits', 'Facturation', 'Logs', 'Créer des commandes']],
    ['manager', ['Commandes', 'Support', 'Utilisateurs', 'Produits']],
    ['support', ['Commandes', 'Support']],
  ] as const)('%s sees its categories in the sidebar', async (role, names) => {
    openDashboard('/fr/dashboard-admin', { role });
    await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Alex Martin' });
    expect(sidebarNames()).toEqual(['Accueil du dashboard', ...names]);
    const roleName = { admin: 'Administrateur', manager: 'Manager', support: 'Support' }[role];
    expect(screen.getByText(`Votre rôle : ${roleName}`)).toBeTruthy();
    expect(within(sidebar()).getByRole('link', { name: 'Commandes' }).getAttribute('href')).toBe('/fr/dashboard-admin/0');
  });

  it.each([
    ['support', '2'],
    ['support', '6'],
    ['manager', '4'],
    ['manager', '6'],
  ] as const)('%s opening category %s by URL gets a refusal, not the page', async (role, id) => {
    openDashboard(`/fr/dashboard-admin/${id}`, { role });
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeTruthy();
    expect(screen.getByText('Votre rôle ne donne pas accès à cette catégorie.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Créer un nouveau produit' })).toBeNull();
  });

  it('an unknown category is refused', async () => {
    openDashboard('/fr/dashboard-admin/9');
    expect(await screen.findByText("Cette catégorie n'existe pas.")).toBeTruthy();
  });

  it.each([
    ['2', 'Utilisateurs'],
    ['3', 'Produits'],
    ['4', 'Facturation'],
    ['5', 'Logs'],
  ])('category %s opens its page « %s », no longer the « à remplir plus tard » placeholder', async (id, title) => {
    openDashboard(`/fr/dashboard-admin/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.queryByText('à remplir plus tard')).toBeNull();
  });

  it('the sidebar marks the open category and its links keep the inside-the-site state', async () => {
    const { router } = openDashboard('/fr/dashboard-admin/3');
    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    expect(within(sidebar()).getByRole('link', { name: 'Produits' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Produits · Tableau de bord · HubHost'));
    fireEvent.click(within(sidebar()).getByRole('link', { name: 'Accueil du dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/dashboard-admin'));
    expect(router.state.location.state).toMatchObject({ fromInside: true });
  });

  it('on a phone one « Menu » button names the open category and opens the list; a link followed closes it (issue 34)', async () => {
    const { router } = openDashboard('/fr/dashboard-admin/3');
    await screen.findByRole('heading', { level: 1, name: 'Produits' });
    const toggle = within(sidebar()).getByRole('button', { name: /^Menu/ });
    expect(toggle.textContent).toBe('MenuProduits');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list.classList.contains('staff-nav__list--open')).toBe(false); // hidden below 768 px (staff.css)
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.classList.contains('staff-nav__list--open')).toBe(true);
    fireEvent.click(within(list).getByRole('link', { name: 'Facturation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/dashboard-admin/4'));
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    expect(toggle.textContent).toBe('MenuFacturation');
  });

  it('a role fetch failure is only logged: the session role stands in', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openDashboard('/fr/dashboard-admin', { role: 'manager', roleAnswer: () => json(500, { error: 'internal' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Alex Martin' })).toBeTruthy();
    expect(sidebarNames()).toContain('Produits');
    expect(errors).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("'Mon profil' toggles to 'Retour au dashboard' and back", async () => {
    openDashboard('/fr/dashboard-admin', {
      api: (url) =>
        url === '/api/admin/user/42'
          ? answer(staffProfileApi.profile, {
              id: 42,
              fullName: 'Alex Martin',
              email: 'alex@demo.test',
              avatarUrl: null,
              walletCents: 0,
              role: 'admin',
              is_online: false,
            })
          : url === '/api/admin/user/42/transactions'
            ? answer(staffProfileApi.transactions, { transactions: [] })
            : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mon profil' }));
    expect(await screen.findByRole('button', { name: 'Retour au dashboard' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retour au dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Alex Martin' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mon profil' })).toBeTruthy();
  });
});

describe('support duty switch (spec §2, §4 "Support agent")', () => {
  it('only support agents have it', async () => {
    openDashboard('/fr/dashboard-admin', { role: 'manager' });
    await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Alex Martin' });
    expect(screen.queryByRole('group', { name: 'Statut de service' })).toBeNull();
  });

  it('an offline agent takes duty (POST status {isOnline: true}) and then sees the orders', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/0', {
      role: 'support',
      isOnline: false,
      api: (url) =>
        url === '/api/admin/support/42/status'
          ? answer(staffDutyApi.status, { success: true })
          : url.startsWith('/api/admin/orders')
            ? answer(staffOrdersApi.list, { orders: [], limit: 50, next: null })
            : undefined,
    });
    expect(await screen.findByText('Vous êtes hors service. Reprenez le service pour voir vos tickets.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/orders')).toHaveLength(0);
    const duty = screen.getByRole('group', { name: 'Statut de service' });
    expect(within(duty).getByText('Hors service')).toBeTruthy();
    fireEvent.click(within(duty).getByRole('button', { name: 'Prendre le service' }));

    expect(await screen.findByText('Aucune commande pour le moment.')).toBeTruthy();
    expect(within(duty).getByText('En service')).toBeTruthy();
    const [status] = callsTo(fetchMock, '/api/admin/support/42/status');
    expect(bodyOf(status?.[1])).toEqual({ isOnline: true });
    expect(bearerOf(status?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it("'Fin de service complète' asks first, calls end-service and goes off duty", async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/0', {
      role: 'support',
      isOnline: true,
      api: (url) =>
        url === '/api/admin/support/42/end-service'
          ? answer(staffDutyApi.endService, { success: true })
          : url.startsWith('/api/admin/orders')
            ? answer(staffOrdersApi.list, { orders: [], limit: 50, next: null })
            : undefined,
    });
    await screen.findByText('Aucune commande pour le moment.');
    fireEvent.click(screen.getByRole('button', { name: 'Fin de service complète' }));
    await answerDialog('Terminer votre service ? Vos commandes en cours repasseront en attente pour un autre agent.', 'Confirmer');
    expect(await screen.findByText('Vous êtes hors service. Reprenez le service pour voir vos tickets.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/support/42/end-service')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Prendre le service' })).toBeTruthy();
  });
});
