import { LANGUAGES } from '../../../shared/i18n/languages';
import type { Product } from '../../../shared/schemas/product';
import { PUBLIC_PAGES, type PublicPage } from '../../../shared/site/public-pages';
import { escapeHtml } from '../../escape-html';
import { alternates, pageUrl } from './page-urls';

/** The private areas (in every language) and the API stay out of search engines. */
const PRIVATE_PATHS = ['PanelCLient', 'dashboard-admin', 'profile', 'settings', 'Cart', 'payment', 'paymentteste', 'sandbox-checkout'];

export function robotsTxt(publicUrl: string): string {
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/'];
  for (const lng of LANGUAGES) for (const path of PRIVATE_PATHS) lines.push(`Disallow: /${lng}/${path}`);
  lines.push('', `Sitemap: ${publicUrl}/sitemap.xml`, '');
  return lines.join('\n');
}

/** Every public page in every language, each with its alternates; the shop's categories too. */
export function sitemapXml(publicUrl: string, products: readonly Product[]): string {
  const shop = PUBLIC_PAGES.find((page) => page.key === 'shop');
  const categories = [...new Set(products.map((product) => product.category_name))];
  const entries: { page: PublicPage; query: string }[] = [
    ...PUBLIC_PAGES.map((page) => ({ page, query: '' })),
    ...(shop ? categories.map((category) => ({ page: shop, query: `?${new URLSearchParams({ category })}` })) : []),
  ];
  const urls = entries.flatMap(({ page, query }) =>
    LANGUAGES.map((lng) => {
      const links = alternates(publicUrl, page, query)
        .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>`)
        .join('');
      return `<url><loc>${escapeHtml(pageUrl(publicUrl, lng, page, query))}</loc>${links}</url>`;
    }),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}
