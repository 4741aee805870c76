// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { currentUrl, renderRoute } from '../../testing/render-route';

afterEach(cleanup);

describe('language switcher', () => {
  it('offers four flag buttons with accessible names, the current one pressed', async () => {
    await renderRoute('/fr/');
    const group = await screen.findByRole('group', { name: 'Langue' });
    const buttons = Array.from(group.querySelectorAll('button'));
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Français', 'Néerlandais', 'Anglais', 'Polonais']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false', 'false']);
    expect(buttons.every((b) => b.querySelector('svg'))).toBe(true);
  });

  it('swaps only the language segment, keeping path, query and hash', async () => {
    const { router } = await renderRoute('/fr/dashboard-admin/2?page=3#orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Polonais' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/pl/dashboard-admin/2?page=3#orders'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel administracyjny' })).toBeTruthy();
    // The interface now speaks Polish, so the labels follow.
    expect(screen.getByRole('button', { name: 'Polski' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps how the page was reached: a guarded page (login) stays open in the new language', async () => {
    const { router } = await renderRoute('/fr/login', { state: { fromInside: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Anglais' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/en/login'));
    expect(router.state.location.state).toEqual({ fromInside: true });
  });

  it('keeps the home page when switching from it', async () => {
    const { router } = await renderRoute('/fr/');
    fireEvent.click(await screen.findByRole('button', { name: 'Anglais' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/en/'));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});
