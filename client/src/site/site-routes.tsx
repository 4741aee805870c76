import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Language } from '../../../shared/i18n/languages';
import type { PublicPage } from '../../../shared/site/public-pages';
import { AppLayout } from '../app/layout/app-layout';

/** The address of a public page in a language, as its routes spell it: /fr/boutique, /fr/ */
export const sitePagePath = (lng: Language, page: PublicPage) => `/${lng}/${page.path}`;

/**
 * The routes of a public page's document, under StaticRouter on the server and the browser's
 * history (site/document-history.ts) in the browser: its own address, under the app's layout.
 * What stays on the page (the shop's filters in the query) changes in place.
 */
export function SiteRoutes({ lng, page, Page }: { lng: Language; page: PublicPage; Page: ComponentType }) {
  return (
    <Routes>
      <Route element={<AppLayout ownDocument />}>
        <Route path={sitePagePath(lng, page)} element={<Page />} />
      </Route>
    </Routes>
  );
}
