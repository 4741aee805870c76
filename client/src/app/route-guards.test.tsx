// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch } from '../testing/fetch-mock';
import { renderRoute } from '../testing/render-route';
import { demoUser, storeDemoSession } from '../testing/session-fixtures';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('route guard (spec §2)', () => {
  it.each(['/fr/login', '/fr/Register', '/fr/forget-password', '/fr/dashboard-admin', '/en/login'])(
    '%s without the fromInside state redirects to / (then /fr)',
    async (path) => {
      mockFetch(() => json(200, { discord: false }));
      const { router } = await renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/fr'));
    },
  );

  it.each([
    ['/fr/login', 'Connexion'],
    ['/fr/Register', 'Inscription'],
    ['/fr/forget-password', 'Mot de passe oublié'],
    ['/fr/dashboard-admin', 'Tableau de bord'],
  ])('%s renders when reached from inside', async (path, title) => {
    mockFetch(() => json(200, { discord: false }));
    const { router } = await renderRoute(path, { state: { fromInside: true } });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it('LoginHub is not guarded', async () => {
    mockFetch(() => json(200, { discord: false }));
    await renderRoute('/fr/LoginHub');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(screen.getByLabelText(/Adresse e-mail/)).toBeTruthy();
  });

  it.each(['/nl/login', '/nl/Register'])('a logged-in user visiting %s is sent to /{lng}/', async (path) => {
    storeDemoSession();
    mockFetch(() => json(200, { user: demoUser }));
    const { router } = await renderRoute(path, { state: { fromInside: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/'));
  });

  it('links between login, register and forgot-password keep the fromInside state', async () => {
    mockFetch(() => json(200, { discord: false }));
    const { router } = await renderRoute('/fr/login', { state: { fromInside: true } });
    (await screen.findByRole('link', { name: 'Créer un compte' })).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Inscription' })).toBeTruthy();
    expect(router.state.location.state).toMatchObject({ fromInside: true });
    within(screen.getByRole('main')).getByRole('link', { name: 'Se connecter' }).click();
    (await screen.findByRole('link', { name: 'Mot de passe oublié ?' })).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fr/forget-password');
  });
});
