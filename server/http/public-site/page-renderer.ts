import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '../../../shared/i18n/languages';
import type { PageHead } from '../../../shared/site/page-head';
import type { PageScripts } from '../../../shared/site/page-scripts';
import type { SellerIdentity } from '../../../shared/schemas/seller';

/** What the server gives a page's document besides the page (client/src/site/page-document.tsx). */
export interface PageDocumentParts {
  head: PageHead;
  assets: { entry: string; scripts: PageScripts; stylesheets: readonly string[]; inlineCss: string | null };
}

/** Renders the public page at `url` in `lng`, as a whole document, with the data the browser will hydrate with (client/src/entry-server.tsx). */
export type PageRenderer = (
  url: string,
  lng: Language,
  data: {
    products?: unknown[];
    seller?: SellerIdentity;
    intlNames?: Record<string, string>;
    random?: number;
    now?: number;
    consentAsked?: boolean;
  },
  document: PageDocumentParts,
) => Promise<string>;

/**
 * The server build of the client (`npm run build:ssr` writes dist/server/entry-server.js beside
 * dist/client), loaded on first use. Without it, null: the pages get the client's shell.
 */
export function builtRenderer(clientDir: string): () => Promise<PageRenderer | null> {
  const file = join(clientDir, '..', 'server', 'entry-server.js');
  let loading: Promise<PageRenderer | null> | undefined;
  return () => {
    loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then((module: { renderPage: PageRenderer }) => module.renderPage)
      : Promise.resolve(null);
    return loading;
  };
}
