import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';
import { HydrationData, readInitialData } from './api/initial-data';
import { startI18n } from './app/i18n';
import { languageFromPath } from './app/language-from-path';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { routes } from './app/routes';
import { takeNavigationState } from './site/navigation-handoff';
import './styles/tokens.css';
import './styles/base.css';

// A link from a public page (its own document) may have left its state: the router starts with it.
takeNavigationState();

// Start in the URL's language so the first paint is not French-then-something-else.
const texts = startI18n(languageFromPath(window.location.pathname) ?? DEFAULT_LANGUAGE);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Public pages come rendered by the server with the data they were rendered with.
const initialData = readInitialData();
if (initialData) await loadMatchedPages();
await texts;

const app = (
  <StrictMode>
    <HydrationData data={initialData}>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </HydrationData>
  </StrictMode>
);
// A transition: React hydrates the page in slices and lets the browser answer in between, instead
// of one long task (the page is already painted from the server's HTML; nothing waits for it).
if (initialData) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);

/** Hydration must render the page the server did, not the loading screen: its chunks come first. */
async function loadMatchedPages(): Promise<void> {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
