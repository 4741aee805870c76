import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';
import { startI18n } from './app/i18n';
import { languageFromPath } from './app/language-from-path';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './styles/tokens.css';
import './styles/base.css';

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
