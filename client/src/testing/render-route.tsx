import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import fr from '../../../shared/locales/fr.json';
import { initI18n } from '../app/i18n';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';

/**
 * Renders the real route table at `path` in memory; returns the router to read where it ended up.
 * `state` is the navigation state of that first entry (e.g. `{ fromInside: true }`).
 */
export async function renderRoute(path: string, { state }: { state?: unknown } = {}) {
  initI18n('fr', fr);
  // jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const router = createMemoryRouter(routes, { initialEntries: [state === undefined ? path : { ...splitPath(path), state }] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // Let lazy page modules resolve and redirects settle.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { router, ...view };
}

/** pathname + search + hash of where the router is now. */
export function currentUrl(router: { state: { location: { pathname: string; search: string; hash: string } } }) {
  const { pathname, search, hash } = router.state.location;
  return pathname + search + hash;
}

export function splitPath(path: string): { pathname: string; search: string } {
  const cut = path.indexOf('?');
  return cut === -1 ? { pathname: path, search: '' } : { pathname: path.slice(0, cut), search: path.slice(cut) };
}
