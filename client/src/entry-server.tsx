import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { i18n as I18n, ResourceLanguage } from 'i18next';
import type { Language } from '../../shared/i18n/languages';
import { LAYOUT_SECTIONS, sectionsOf } from '../../shared/i18n/locale-parts';
import { findPublicPage, type PublicPage } from '../../shared/site/public-pages';
import en from '../../shared/locales/en.json';
import fr from '../../shared/locales/fr.json';
import nl from '../../shared/locales/nl.json';
import pl from '../../shared/locales/pl.json';
import { ServerRenderData, type InitialData } from './api/initial-data';
import { PageDocument, type PageDocumentProps } from './site/page-document';
import { startPageI18n } from './site/page-i18n';
import { SiteProviders } from './site/site-app';
import { SITE_PAGE_CODE } from './site/site-pages';
import { SiteRoutes } from './site/site-routes';

// The server's build of the public pages (vite build --ssr: vite.ssr.config.ts): React Router's
// StaticRouter renders a page, React the whole document around it, for site-main.tsx to hydrate.

const TEXTS: Record<Language, ResourceLanguage> = { fr, nl, en, pl };

/** Made once per page and language: its code and its texts do not change between requests. */
const pages = new Map<string, Promise<{ Page: ComponentType; i18n: I18n }>>();

function pageRendering(lng: Language, page: PublicPage, load: () => Promise<ComponentType>) {
  const key = `${lng} ${page.key}`;
  let ready = pages.get(key);
  if (!ready) {
    // The texts the browser downloads for the page, no more: a text it would lack shows here too.
    const resources = sectionsOf(TEXTS[lng], [...LAYOUT_SECTIONS, ...page.sections]) as ResourceLanguage;
    ready = Promise.all([load(), startPageI18n(lng, page.key, { resources })]).then(([Page, i18n]) => ({ Page, i18n }));
    pages.set(key, ready);
  }
  return ready;
}

/** The document of the public page at `url` (absolute) in `lng`, as HTML: `data` and `document` give what it shows. */
export async function renderPage(
  url: string,
  lng: Language,
  data: InitialData,
  document: Omit<PageDocumentProps, 'lng' | 'initialData' | 'children'>,
): Promise<string> {
  const page = findPublicPage(new URL(url).pathname.split('/').slice(2).join('/'));
  const load = page && SITE_PAGE_CODE[page.module];
  if (!page || !load) throw new Error(`Not a public page: ${url}`);
  const { Page, i18n } = await pageRendering(lng, page, load);
  const { pathname, search, hash } = new URL(url);
  return `<!doctype html>${renderToString(
    <PageDocument lng={lng} initialData={data} {...document}>
      <StrictMode>
        <ServerRenderData data={data}>
          <SiteProviders lng={lng} i18n={i18n}>
            <StaticRouter location={`${pathname}${search}${hash}`}>
              <SiteRoutes lng={lng} page={page} Page={Page} />
            </StaticRouter>
          </SiteProviders>
        </ServerRenderData>
      </StrictMode>
    </PageDocument>,
  )}`;
}
