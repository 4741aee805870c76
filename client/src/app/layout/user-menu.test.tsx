// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderRoute } from '../../testing/render-route';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function openMenu() {
  const button = await screen.findByRole('button', { name: /Camille Dupont/ });
  fireEvent.click(button);
  return { button, menu: await screen.findByRole('menu') };
}

describe('navbar user menu (spec §2)', () => {
  it('logged in: the button shows the initial and name, the menu the e-mail and the links', async () => {
    storeDemoSession();
    mockFetch(() => json(200, { user: demoUser }));
    await renderRoute('/fr/');
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
    const { button, menu } = await openMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.textContent).toContain('C');
    expect(within(menu).getByText('camille@example.test')).toBeTruthy();
    const href = (name: string) => within(menu).getByRole('menuitem', { name }).getAttribute('href');
    expect(href('Mon profil')).toBe('/fr/profile');
    expect(href('Sécurité et données')).toBe('/fr/settings');
    expect(href('Panel client')).toBe('/fr/PanelCLient');
    expect(href('Panel support')).toBe('/fr/dashboard-admin');
    expect(within(menu).getByRole('menuitem', { name: 'Se déconnecter' })).toBeTruthy();
  });

  it('shows the avatar image when the user has one', async () => {
    const user = { ...demoUser, avatarUrl: 'https://cdn.example.test/a.png' };
    storeDemoSession(user);
    mockFetch(() => json(200, { user }));
    await renderRoute('/fr/');
    const button = await screen.findByRole('button', { name: /Camille Dupont/ });
    expect(button.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.test/a.png');
  });

  it('closes on a click outside and on Escape (focus back on the button)', async () => {
    storeDemoSession();
    mockFetch(() => json(200, { user: demoUser }));
    await renderRoute('/fr/');
    const { button } = await openMenu();
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');

    const { menu } = await openMenu();
    // Opening moves the focus into the menu; arrows move it along the items.
    expect(document.activeElement?.textContent).toBe('Mon profil');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Se déconnecter');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('a click inside the menu does not close it; following a link does', async () => {
    storeDemoSession();
    mockFetch(() => json(200, { user: demoUser }));
    const { router } = await renderRoute('/fr/');
    const { menu } = await openMenu();
    fireEvent.pointerDown(within(menu).getByText('camille@example.test'));
    expect(screen.getByRole('menu')).toBeTruthy();
    within(menu).getByRole('menuitem', { name: 'Panel support' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/dashboard-admin'));
    expect(router.state.location.state).toEqual({ fromInside: true });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('flags an unverified e-mail with a link to the verify page', async () => {
    const user = { ...demoUser, emailVerified: false };
    storeDemoSession(user);
    mockFetch(() => json(200, { user }));
    await renderRoute('/fr/');
    const { menu } = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Adresse e-mail non vérifiée' }).getAttribute('href')).toBe('/fr/verify-email');
  });
});
