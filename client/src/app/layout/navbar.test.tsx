// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderRoute } from '../../testing/render-route';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const LOCKABLE = ['HubFive', 'Marketing', 'Caisse enregistreuse'];

async function renderAs(user: SessionUser | null, path = '/fr/') {
  if (user) {
    storeDemoSession(user);
    mockFetch(() => json(200, { user }));
  }
  const view = await renderRoute(path);
  const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
  return { ...view, nav };
}

function toggle(nav: HTMLElement, name: string) {
  return within(nav).getByRole('button', { name });
}

function openServices(nav: HTMLElement) {
  const button = toggle(nav, 'Services');
  fireEvent.click(button);
  const list = document.getElementById(button.getAttribute('aria-controls')!)!;
  expect(list.hidden).toBe(false);
  return list;
}

describe('navbar links (spec §2)', () => {
  it('keeps the four main links and the login link for guests', async () => {
    const { nav } = await renderAs(null);
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('Accueil')).toBe('/fr/');
    expect(href('Hosting')).toBe('/fr/Hosting');
    expect(href('Boutique')).toBe('/fr/boutique');
    expect(href('Support')).toBe('/fr/Support');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });

  it('the services submenu links the hub page and the hosting services', async () => {
    const { nav } = await renderAs(null);
    fireEvent.click(toggle(nav, 'Services'));
    expect(within(nav).getByRole('link', { name: 'Tous nos services' }).getAttribute('href')).toBe('/fr/Menu');
    expect(within(nav).getByRole('link', { name: "Services d'hébergement" }).getAttribute('href')).toBe('/fr/Hosting');
  });
});

describe('navigation locks (spec §6)', () => {
  it.each([
    ['a guest', null],
    ['a customer', demoUser],
    ['a support agent', { ...demoUser, role: 'support' as const }],
    ['a manager', { ...demoUser, role: 'manager' as const }],
  ])('for %s, HubFive, Marketing and the cash register are locked, not links', async (_who, user) => {
    const { nav } = await renderAs(user);
    const list = openServices(nav);
    for (const name of LOCKABLE) {
      expect(within(list).queryByRole('link', { name: new RegExp(name) })).toBeNull();
      const entry = within(list).getByText(name, { selector: '.site-subnav__item' });
      expect(entry.tagName).toBe('SPAN');
      expect(entry.getAttribute('aria-disabled')).toBe('true');
      expect(entry.textContent).toContain('verrouillé');
      expect(entry.querySelector('svg')).toBeTruthy();
    }
  });

  it('for an admin they are links: HubFive to its page, the others to the dashboard from inside', async () => {
    const { nav, router } = await renderAs({ ...demoUser, role: 'admin' });
    expect(nav.querySelector('[aria-disabled]')).toBeNull();
    expect(nav.textContent).not.toContain('verrouillé');
    const tools = openServices(nav);
    expect(within(tools).getByRole('link', { name: 'HubFive' }).getAttribute('href')).toBe('/fr/HubFive');
    expect(within(tools).getByRole('link', { name: 'Caisse enregistreuse' }).getAttribute('href')).toBe('/fr/dashboard-admin');
    within(tools).getByRole('link', { name: 'Marketing' }).click();
    // The router moves once the dashboard's lazy route has loaded: a while on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/dashboard-admin'), { timeout: 10_000 });
    expect(router.state.location.state).toEqual({ fromInside: true });
  });
});

describe('submenu toggles', () => {
  it('a button with aria-expanded controls its list', async () => {
    const { nav } = await renderAs(null);
    const services = toggle(nav, 'Services');
    const list = document.getElementById(services.getAttribute('aria-controls')!)!;
    expect(services.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);

    fireEvent.click(services);
    expect(services.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);

    fireEvent.click(services);
    expect(services.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);
  });

  it('Escape closes the submenu and gives the focus back to its button', async () => {
    const { nav } = await renderAs(null);
    const services = toggle(nav, 'Services');
    fireEvent.click(services);
    const link = within(nav).getByRole('link', { name: 'Tous nos services' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(services.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(services);
  });

  it('a click outside closes it, a click inside does not', async () => {
    const { nav } = await renderAs(null);
    const services = toggle(nav, 'Services');
    fireEvent.click(services);
    fireEvent.pointerDown(within(nav).getByRole('link', { name: 'Tous nos services' }));
    expect(services.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(services.getAttribute('aria-expanded')).toBe('false'));
  });

  it('following a submenu link closes it', async () => {
    const { nav, router } = await renderAs(null);
    fireEvent.click(toggle(nav, 'Services'));
    within(nav).getByRole('link', { name: 'Tous nos services' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/Menu'));
    await waitFor(() => expect(toggle(nav, 'Services').getAttribute('aria-expanded')).toBe('false'));
  });

  it('in the mobile menu, Escape first closes an open submenu, then the menu (focus on the hamburger)', async () => {
    const { nav } = await renderAs(null);
    const hamburger = screen.getByRole('button', { name: 'Ouvrir le menu' });
    fireEvent.click(hamburger);
    expect(hamburger.getAttribute('aria-expanded')).toBe('true');
    expect(hamburger.getAttribute('aria-label')).toBe('Fermer le menu');
    const services = toggle(nav, 'Services');
    fireEvent.click(services);
    fireEvent.keyDown(services, { key: 'Escape' });
    expect(services.getAttribute('aria-expanded')).toBe('false');
    expect(hamburger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(services, { key: 'Escape' });
    expect(hamburger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(hamburger);
  });
});

describe('the cart in the header (issue 17)', () => {
  it('is on every page, outside the folding menu, with its count', async () => {
    await renderAs(null, '/fr/Informations');
    const empty = screen.getByRole('link', { name: 'Panier (0)' });
    expect(empty.getAttribute('href')).toBe('/fr/Cart');
    expect(empty.closest('#site-menu')).toBeNull(); // seen on a phone without opening the menu
    cleanup();

    const line = { productId: 3, name: 'VPS Linux S', price_cents: 500, currency: 'EUR', qty: 2, image_url: null, config_products: '{}' };
    localStorage.setItem('cart', JSON.stringify([line]));
    await renderAs(null, '/fr/Support');
    expect(screen.getByRole('link', { name: 'Panier (1)' }).textContent).toBe('Panier1');
  });
});
