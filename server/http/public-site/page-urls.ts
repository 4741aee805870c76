import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import type { PublicPage } from '../../../shared/site/public-pages';

/** The page's own query (a shop category), in a fixed order; any other parameter is not part of its address. */
export function pageQuery(page: PublicPage, params: URLSearchParams): string {
  if (page.key !== 'shop') return '';
  const kept = new URLSearchParams();
  const category = params.get('category');
  if (category) {
    kept.set('category', category);
    const subcategory = params.get('subcategory');
    if (subcategory) kept.set('subcategory', subcategory);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/** The absolute address of a page in a language: https://…/fr/boutique?category=VPS */
export function pageUrl(publicUrl: string, lng: Language, page: PublicPage, query = ''): string {
  return `${publicUrl}/${lng}/${page.path}${query}`;
}

/** The same page in every language, and x-default (French, the site's main language). */
export function alternates(publicUrl: string, page: PublicPage, query = ''): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGES.map((lng) => ({ hreflang: lng, href: pageUrl(publicUrl, lng, page, query) })),
    { hreflang: 'x-default', href: pageUrl(publicUrl, DEFAULT_LANGUAGE, page, query) },
  ];
}
