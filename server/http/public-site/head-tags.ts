import type { Language } from '../../../shared/i18n/languages';
import type { Product } from '../../../shared/schemas/product';
import type { PublicPage } from '../../../shared/site/public-pages';
import { alternates, pageUrl } from './page-urls';
import { escapeHtml } from '../../escape-html';
import { scriptJson } from './html-page';
import { siteText } from './site-texts';
import { faqPage, organization, productList } from './structured-data';

const OG_LOCALES: Record<Language, string> = { fr: 'fr_BE', nl: 'nl_BE', en: 'en_GB', pl: 'pl_PL' };

export interface HeadInput {
  publicUrl: string;
  lng: Language;
  page: PublicPage;
  /** The page's own query (a shop category), already normalised. */
  query: string;
  /** The title the page renders (React's <title>), as HTML text. */
  titleHtml: string;
  /** The products the page shows, for its Product/Offer data; none for pages without prices. */
  products: readonly Product[];
  /** The languages the support team answers in (SUPPORT_LANGUAGES). */
  supportLanguages?: readonly Language[];
}

/** What search engines and link previews read: description, canonical, hreflang, Open Graph, JSON-LD. */
export function headTags({ publicUrl, lng, page, query, titleHtml, products, supportLanguages }: HeadInput): string {
  const description = escapeHtml(siteText(lng, `seo.${page.key}.description`));
  const canonical = pageUrl(publicUrl, lng, page, query);
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...alternates(publicUrl, page, query).map(
      ({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`,
    ),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteText(lng, 'brand.name'))}" />`,
    `<meta property="og:title" content="${titleHtml.replace(/"/g, '&quot;')}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[lng]}" />`,
  ];
  const data: unknown[] = [organization(publicUrl, lng, supportLanguages)];
  if (products.length > 0) {
    const shop = pageUrl(publicUrl, lng, { ...page, path: 'boutique' });
    data.push(productList(products, (product) => `${shop}?${new URLSearchParams({ category: product.category_key })}`));
  }
  if (page.key === 'home') data.push(faqPage(lng));
  for (const item of data) tags.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
  return tags.join('');
}
