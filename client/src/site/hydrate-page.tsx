import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import resourcesToBackend from 'i18next-resources-to-backend';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages';
import { findPublicPage } from '../../../shared/site/public-pages';
import { loadPageTexts } from 'virtual:page-texts';
import { HydrationData, readInitialData } from '../api/initial-data';
import { languageFromPath } from '../app/language-from-path';
import { takeNavigationState } from './navigation-handoff';
import { startPageI18n } from './page-i18n';
import { SiteProviders } from './site-app';
import { SITE_PAGE_CODE } from './site-pages';
import { rememberIntlNames } from '../ui/intl-names';
import { documentHistory } from './document-history';
import { SiteRoutes, sitePagePath } from './site-routes';

/**
 * Makes the page the server rendered with React Router live in the browser (issue 18). Every
 * other screen is the app's (main.tsx), a document away.
 */
export async function hydratePage(): Promise<void> {
  // Each step its own task, after the modules' evaluation: none holds the main thread for long.
  await nextTask();
  takeNavigationState();
  const lng = languageFromPath(window.location.pathname) ?? DEFAULT_LANGUAGE;
  const page = findPublicPage(window.location.pathname.split('/').slice(2).join('/'));
  const load = page && SITE_PAGE_CODE[page.module];
  const container = document.getElementById('root');
  if (!page || !load || !container) return;
  const initialData = readInitialData();
  rememberIntlNames(initialData?.intlNames);
  // The page's texts are one namespace, loaded by i18next from the page's own chunk.
  const backend = resourcesToBackend((language: string, namespace: string) => loadPageTexts(language, namespace));
  const [Page, i18n] = await Promise.all([load(), startPageI18n(lng, page.key, { backend })]);
  await nextTask();
  // The language's plural rules (the cart link's count): made here, not in the header's first render.
  i18n.services.pluralResolver.getRule(lng);
  await nextTask();
  const app = (
    <StrictMode>
      <HydrationData data={initialData}>
        <SiteProviders lng={lng} i18n={i18n}>
          <HistoryRouter history={documentHistory(sitePagePath(lng, page))}>
            <SiteRoutes lng={lng} page={page} Page={Page} />
          </HistoryRouter>
        </SiteProviders>
      </HydrationData>
    </StrictMode>
  );
  // A transition: React hydrates in slices and lets the browser answer in between.
  startTransition(() => void hydrateRoot(container, app));
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
