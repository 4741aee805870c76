import type { Language } from '../../../shared/i18n/languages';
import type { Product } from '../../../shared/schemas/product';
import type { PageHead } from '../../../shared/site/page-head';
import type { PublicPage } from '../../../shared/site/public-pages';
import { alternates, pageUrl } from './page-urls';
import { siteText } from './site-texts';
import { faqPage, organization, productList } from './structured-data';

const OG_LOCALES: Record<Language, string> = { fr: 'fr_BE', nl: 'nl_BE', en: 'en_GB', pl: 'pl_PL' };

export interface HeadInput {
  publicUrl: string;
  lng: Language;
  page: PublicPage;
  /** The page's own query (a shop category), already normalised. */
  query: string;
  /** The products the page shows, for its Product/Offer data; none for pages without prices. */
  products: readonly Product[];
  /** The languages the support team answers in (SUPPORT_LANGUAGES). */
  supportLanguages?: readonly Language[];
}

/** What search engines and link previews read: description, canonical, hreflang, Open Graph, JSON-LD. */
export function pageHead({ publicUrl, lng, page, query, products, supportLanguages }: HeadInput): PageHead {
  const description = siteText(lng, `seo.${page.key}.description`);
  const canonical = pageUrl(publicUrl, lng, page, query);
  const structuredData: unknown[] = [organization(publicUrl, lng, supportLanguages)];
  if (products.length > 0) {
    const shop = pageUrl(publicUrl, lng, { ...page, path: 'boutique' });
    structuredData.push(productList(products, (product) => `${shop}?${new URLSearchParams({ category: product.category_key })}`));
  }
  if (page.key === 'home') structuredData.push(faqPage(lng));
  return {
    description,
    canonical,
    alternates: alternates(publicUrl, page, query),
    openGraph: [
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: siteText(lng, 'brand.name') },
      { property: 'og:description', content: description },
      { property: 'og:url', content: canonical },
      { property: 'og:locale', content: OG_LOCALES[lng] },
    ],
    structuredData,
  };
}
