/**
 * What a rendered public page fetches once it has been painted, written by the server into the
 * page as JSON (client/src/site-main.tsx reads it). Its own module: the site's entry imports
 * nothing else of ours, so it stays one small file.
 */
export interface PageScripts {
  /** The module that hydrates the page; null where the build has none (the API tests' builds). */
  hydration: string | null;
  /** Every module the hydration needs, the page's and its texts': fetched all at once, not one import after another. */
  modules: readonly string[];
}

/** The id of the page's PageScripts JSON. */
export const PAGE_SCRIPTS_ELEMENT_ID = 'page-scripts';
