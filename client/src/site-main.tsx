import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';
import { findPublicPage } from '../../shared/site/public-pages';
import { loadPageTexts } from 'virtual:page-texts';
import { HydrationData, readInitialData } from './api/initial-data';
import { languageFromPath } from './app/language-from-path';
import { takeNavigationState } from './site/navigation-handoff';
import { SiteApp } from './site/site-app';
import { SITE_PAGE_CODE } from './site/site-pages';
import './styles/tokens.css';
import './styles/base.css';

// The public pages' entry (site.html, issue 18): the server rendered the page; this makes it live
// with React alone. Every other screen is the app's (main.tsx), a link away.
takeNavigationState();
const lng = languageFromPath(window.location.pathname) ?? DEFAULT_LANGUAGE;
const page = findPublicPage(window.location.pathname.split('/').slice(2).join('/'));
const load = page && SITE_PAGE_CODE[page.module];
const container = document.getElementById('root');

if (page && load && container) {
  const [Page, texts] = await Promise.all([load(), loadPageTexts(lng, page.key)]);
  const app = (
    <StrictMode>
      <HydrationData data={readInitialData()}>
        <SiteApp lng={lng} texts={texts} Page={Page} />
      </HydrationData>
    </StrictMode>
  );
  // A transition: React hydrates in slices and lets the browser answer in between.
  startTransition(() => void hydrateRoot(container, app));
}
