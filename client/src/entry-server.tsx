import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Language } from '../../shared/i18n/languages';
import { LAYOUT_SECTIONS, sectionsOf } from '../../shared/i18n/locale-parts';
import { findPublicPage } from '../../shared/site/public-pages';
import en from '../../shared/locales/en.json';
import fr from '../../shared/locales/fr.json';
import nl from '../../shared/locales/nl.json';
import pl from '../../shared/locales/pl.json';
import { ServerRenderData, type InitialData } from './api/initial-data';
import { SiteApp } from './site/site-app';
import { SITE_PAGE_CODE } from './site/site-pages';

// The server's build of the public pages (vite build --ssr, with the site's runtime: tools/site-runtime.ts):
// renders one to HTML for the browser's site.html to hydrate.

const TEXTS: Record<Language, Record<string, unknown>> = { fr, nl, en, pl };

export type RenderResult = { kind: 'page'; html: string };

/**
 * The public page at `url` (absolute) in `lng`, rendered with `data` and the texts the browser
 * downloads for it (no more: a text it would lack shows here too, not as a hydration mismatch).
 */
export async function renderPage(url: string, lng: Language, data: InitialData): Promise<RenderResult> {
  const page = findPublicPage(new URL(url).pathname.split('/').slice(2).join('/'));
  const load = page && SITE_PAGE_CODE[page.module];
  if (!page || !load) throw new Error(`Not a public page: ${url}`);
  const Page = await load();
  const texts = sectionsOf(TEXTS[lng], [...LAYOUT_SECTIONS, ...page.sections]);
  const html = renderToString(
    <StrictMode>
      <ServerRenderData data={data}>
        <SiteApp lng={lng} texts={texts} Page={Page} url={url} />
      </ServerRenderData>
    </StrictMode>,
  );
  return { kind: 'page', html };
}
