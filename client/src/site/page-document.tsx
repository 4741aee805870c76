import type { ReactNode } from 'react';
import type { Language } from '../../../shared/i18n/languages';
import { INITIAL_DATA_ELEMENT_ID } from '../../../shared/site/public-pages';
import { PAGE_SCRIPTS_ELEMENT_ID, type PageScripts } from '../../../shared/site/page-scripts';
import { scriptJson, type PageHead } from '../../../shared/site/page-head';
import type { InitialData } from '../api/initial-data';

declare module 'react' {
  // The HTML attribute React passes through but does not type: a disabled stylesheet is not fetched.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the merged declaration must repeat React's parameter
  interface LinkHTMLAttributes<T> {
    disabled?: boolean;
  }
}

/** The files of a page from the site build's manifest (server/http/public-site/page-assets.ts). */
export interface DocumentAssets {
  /** The site's entry script. */
  entry: string;
  /** What the entry fetches after the first paint to make the page live. */
  scripts: PageScripts;
  /** Every stylesheet of the page, in the cascade's order. */
  stylesheets: readonly string[];
  /**
   * Their text as one block in the head: the first paint waits for no request but the HTML. The
   * files are then listed at the end of the body as disabled links, which the browser does not
   * fetch: the chunk loader finds them there and does not fetch them either before hydrating. Null:
   * linked in the head.
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
  const stylesheetLinks = (disabled: boolean) =>
    assets.stylesheets.map((href) => <link key={href} rel="stylesheet" crossOrigin="" href={href} disabled={disabled || undefined} />);
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
        {assets.inlineCss === null ? stylesheetLinks(false) : <style dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />}
        <script type="module" crossOrigin="" src={assets.entry} />
        {/* The first paint waits for the document's last element: the whole page at once, never a
            half-parsed one whose end would then move, lay out and pick fonts after it was shown. */}
        <link rel="expect" href={`#${PAGE_SCRIPTS_ELEMENT_ID}`} blocking="render" />
      </head>
      <body>
        <div id="root">{children}</div>
        {assets.inlineCss === null ? null : stylesheetLinks(true)}
        <script type="application/json" id={INITIAL_DATA_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: scriptJson(initialData) }} />
        <script type="application/json" id={PAGE_SCRIPTS_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: scriptJson(assets.scripts) }} />
      </body>
    </html>
  );
}
