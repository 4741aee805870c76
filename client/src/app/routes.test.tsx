// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { i18n } from './i18n';
import { LANGUAGE_STORAGE_KEY } from './remember-language';
import { currentUrl, renderRoute } from '../testing/render-route';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('language prefix (spec §2)', () => {
  it.each([
    ['/', 'missing segment'],
    ['/de/', 'unknown language'],
    ['/de/Hosting', 'unknown language before a real page'],
    ['/Hosting', 'page name where the language belongs'],
    ['/fr/no-such-page', 'unknown path under a valid language'],
    ['/nl/deep/unknown/path?x=1', 'deep unknown path'],
  ])('redirects %s to /fr (%s)', async (path) => {
    const { router } = await renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr'));
    expect(await screen.findByRole('heading', { level: 1, name: i18n.t('home.hero.title', { lng: 'fr' }) })).toBeTruthy();
  });

  it('a valid segment switches the language, <html lang> and the stored lng', async () => {
    const { router } = await renderRoute('/nl/Hosting');
    expect(currentUrl(router)).toBe('/nl/Hosting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hosting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inloggen' })).toBeTruthy();
    expect(i18n.language).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('nl');
  });

  it('renders a placeholder page in the chosen language with a back-home link', async () => {
    await renderRoute('/pl/paymentteste');
    expect(await screen.findByRole('heading', { level: 1, name: 'Płatność testowa' })).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Powrót na stronę główną' });
    expect(back.getAttribute('href')).toBe('/pl/');
  });
});

describe('route table', () => {
  it('/:lng/shop redirects to /:lng/boutique, keeping the query', async () => {
    const { router } = await renderRoute('/en/shop?category=Minecraft');
    await waitFor(() => expect(currentUrl(router)).toBe('/en/boutique?category=Minecraft'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeTruthy();
  });

  it.each([
    ['/fr/cart', 'Panier'],
    ['/fr/Cart', 'Panier'],
    ['/fr/dashboard-admin/3', 'Tableau de bord'],
    ['/fr/politique-cookies', 'Politique cookies'],
  ])('%s renders its page', async (path, title) => {
    const { router } = await renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/fr/Hosting-Home', '/fr/languages'])('%s is the spec placeholder: only a back-home link shows', async (path) => {
    await renderRoute(path);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.className).toBe('visually-hidden');
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/fr/');
  });

  it('the login link carries the fromInside navigation state', async () => {
    const { router } = await renderRoute('/fr/');
    (await screen.findByRole('link', { name: 'Se connecter' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/login'));
    expect(router.state.location.state).toEqual({ fromInside: true });
  });
});
