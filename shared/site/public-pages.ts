/**
 * The public pages: rendered by the server with their content, listed in sitemap.xml in every
 * language, and given a title and description (locale keys seo.<key>.title / .description).
 * Every other path under /{lng}/ (cart, panel, staff, account...) is served the client's shell.
 */
export interface PublicPage {
  /** The path after /{lng}/ ('' for the home page), as the client's routes spell it. */
  path: string;
  /** The key of its texts under `seo` in the locale files. */
  key: string;
  /** The page's module as the client build's manifest names it: its styles come with the HTML. */
  module: string;
  /**
   * The sections of the texts it reads besides the layout's (LAYOUT_SECTIONS): the browser downloads
   * those only, in the page's language (tools/vite-locale-parts.ts; checked by tools/bundle-report.ts).
   */
  sections: readonly string[];
  /** Shows prices from the catalogue: the server reads it and hands it to the browser. */
  catalogue?: boolean;
  /** Differs on every visit (a random message, today's day): never served from the rendered pages' cache. */
  perVisit?: boolean;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '', key: 'home', module: 'src/features/home/home-page.tsx', sections: ['home'], catalogue: true },
  { path: 'Hosting', key: 'hosting', module: 'src/features/hosting/hosting-page.tsx', sections: ['home', 'hosting'], catalogue: true },
  { path: 'boutique', key: 'shop', module: 'src/features/shop/shop-page.tsx', sections: ['home'], catalogue: true },
  { path: 'HubFive', key: 'hubfive', module: 'src/features/hubfive/hubfive-page.tsx', sections: ['home', 'hubfive'] },
  { path: 'Menu', key: 'menu', module: 'src/features/hub/menu-page.tsx', sections: ['home', 'menu'] },
  {
    path: 'Informations',
    key: 'informations',
    module: 'src/features/informations/informations-page.tsx',
    sections: ['home', 'informations'],
    perVisit: true,
  },
  { path: 'contact', key: 'contact', module: 'src/features/contact/contact-page.tsx', sections: ['home', 'contact'] },
  { path: 'conditions-generales', key: 'terms', module: 'src/features/legal/terms-page.tsx', sections: ['legal'] },
  { path: 'politique-confidentialite', key: 'privacy', module: 'src/features/legal/privacy-page.tsx', sections: ['legal'] },
  { path: 'mentions-legales', key: 'legalNotice', module: 'src/features/legal/legal-notice-page.tsx', sections: ['legal'] },
  { path: 'conditions-payment', key: 'paymentTerms', module: 'src/features/legal/payment-terms-page.tsx', sections: ['legal'] },
  { path: 'politique-cookies', key: 'cookiePolicy', module: 'src/features/legal/cookie-policy-page.tsx', sections: ['legal'] },
  { path: 'languages', key: 'languages', module: 'src/features/languages/languages-page.tsx', sections: [] },
];

/** The public page at `path` (after /{lng}/); paths match without regard to case, as the client's router does. */
export function findPublicPage(path: string): PublicPage | undefined {
  const wanted = path.replace(/\/+$/, '').toLowerCase();
  return PUBLIC_PAGES.find((page) => page.path.toLowerCase() === wanted);
}

/** The id of the JSON the server writes into a rendered page for the browser's hydration. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/** The module of a public page's texts in one language, in the site's build (tools/vite-page-texts.ts). */
export const pageTextsModule = (lng: string, pageKey: string) => `virtual:page-texts/${lng}-${pageKey}`;
