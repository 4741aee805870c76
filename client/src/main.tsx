import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';
import { startI18n } from './app/i18n';
import { languageFromPath } from './app/language-from-path';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { takeNavigationState } from './site/navigation-handoff';
import './styles/tokens.css';
import './styles/base.css';

// The app's entry (index.html): every screen but the public pages, which the server renders and
// site-main.tsx hydrates. Nothing here was rendered by the server: the app renders in the browser.

// A link from a public page (its own document) may have left its state: the router starts with it.
takeNavigationState();

// Start in the URL's language so the first paint is not French-then-something-else.
await startI18n(languageFromPath(window.location.pathname) ?? DEFAULT_LANGUAGE);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
