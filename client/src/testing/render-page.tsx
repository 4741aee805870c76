import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import fr from '../../../shared/locales/fr.json';
import { ServerRenderData, type InitialData } from '../api/initial-data';
import { initI18n } from '../app/i18n';
import { AppProviders } from '../app/providers';
import { splitPath } from './render-route';

/**
 * Renders one page, not lazy, at `url` under `/:lng/<path>`: synchronous, so it works with fake
 * timers from the first render. Any other URL renders a marker, to read where a redirect went.
 */
export function renderPage(
  element: ReactElement,
  { path, url, state, data }: { path: string; url: string; state?: unknown; data?: InitialData },
) {
  initI18n('fr', fr);
  const router = createMemoryRouter(
    [
      {
        path: '/:lng',
        element: <Outlet />,
        children: [
          { path, element },
          { index: true, element: <p>home page</p> },
          { path: '*', element: <p>other page</p> },
        ],
      },
      { path: '*', element: <p>outside</p> },
    ],
    { initialEntries: [{ ...splitPath(url), state }] },
  );
  const app = (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
  // `data`: what the server rendered the page with, as a public page's hydration sees it.
  const view = render(data ? <ServerRenderData data={data}>{app}</ServerRenderData> : app);
  return { router, ...view };
}
