import type { ReactNode } from 'react';
import type { Language } from '../../../shared/i18n/languages';
import { INITIAL_DATA_ELEMENT_ID } from '../../../shared/site/public-pages';
import { scriptJson, type PageHead } from '../../../shared/site/page-head';
import type { InitialData } from '../api/initial-data';

/** The files of a page from the site build's manifest (server/http/public-site/page-assets.ts). */
export interface DocumentAssets {
  /** The site's entry script. */
  entry: string;
  /** Scripts it and the page import, and the page's texts: fetched beside the entry, not after it. */
  preloads: readonly string[];
  /** Every stylesheet of the page, in the cascade's order. */
  stylesheets: readonly string[];
  /**
   * Their text as one block in the head: the first paint waits for no request but the HTML. The
   * files are then linked at the end of the body, cached for the next pages and found there by the
   * chunk loader, which would otherwise fetch them again before hydrating. Null: linked in the head.
   */
  inlineCss: string | null;
}

export interface PageDocumentProps {
  lng: Language;
  head: PageHead;
  assets: DocumentAssets;
  /** What the page was rendered with, for the browser's hydration (JSON, not run: the CSP allows no inline script). */
  initialData: InitialData;
  /** The page: the browser hydrates #root with the same tree. */
  children: ReactNode;
}

/**
 * A public page's whole document, rendered by React on the server only. The page's own <title>
 * and og:title join the head by themselves (React hoists them).
 */
export function PageDocument({ lng, head, assets, initialData, children }: PageDocumentProps) {
  const stylesheetLinks = assets.stylesheets.map((href) => <link key={href} rel="stylesheet" crossOrigin="" href={href} />);
  return (
    <html lang={lng}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1733" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <meta name="description" content={head.description} />
        <link rel="canonical" href={head.canonical} />
        {head.alternates.map(({ hreflang, href }) => (
          <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
        ))}
        {head.openGraph.map(({ property, content }) => (
          <meta key={property} property={property} content={content} />
        ))}
        {head.structuredData.map((item, index) => (
          <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(item) }} />
        ))}
        {assets.inlineCss === null ? stylesheetLinks : <style dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />}
        <script type="module" crossOrigin="" src={assets.entry} />
        {assets.preloads.map((href) => (
          <link key={href} rel="modulepreload" crossOrigin="" href={href} />
        ))}
        <script type="application/json" id={INITIAL_DATA_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: scriptJson(initialData) }} />
      </head>
      <body>
        <div id="root">{children}</div>
        {assets.inlineCss === null ? null : stylesheetLinks}
      </body>
    </html>
  );
}
