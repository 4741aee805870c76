// A language's texts come in three parts for the browser (issue 18): what the layout and the public
// pages show ("site"), the legal pages' long texts ("legal"), and everything else: logged-in and
// staff screens, the sign-in and payment steps, mails and invoices ("app"). A visitor of a public
// page downloads the first only; a screen that needs another part loads it with its code.

export type LocalePart = 'site' | 'legal' | 'app';
export const LOCALE_PARTS: readonly LocalePart[] = ['site', 'legal', 'app'];

/**
 * What the layout (header, footer, cookie banner, dialogs) and the parts every page shares read:
 * with a public page's own sections (shared/site/public-pages.ts), the texts its browser downloads.
 */
export const LAYOUT_SECTIONS: readonly string[] = [
  'brand',
  'nav',
  'usermenu',
  'languages',
  'footer',
  'cookies',
  'dialog',
  'form',
  'errors',
  'placeholder',
  'price',
  'cart',
  'shop',
];

/** The app's "site" part: the layout's sections and every public page's (shared/site/public-pages.ts). */
export const SITE_SECTIONS: readonly string[] = [...LAYOUT_SECTIONS, 'home', 'hosting', 'hubfive', 'menu', 'informations', 'contact'];

/** The legal pages' sections: a fifth of the site's texts, read by those pages only. */
export const LEGAL_SECTIONS: readonly string[] = ['legal'];

export function partOfSection(section: string): LocalePart {
  if (SITE_SECTIONS.includes(section)) return 'site';
  return LEGAL_SECTIONS.includes(section) ? 'legal' : 'app';
}

/** The top-level sections of one part; the parts hold every section exactly once. */
export function localePart<T extends Record<string, unknown>>(texts: T, part: LocalePart): Partial<T> {
  return Object.fromEntries(Object.entries(texts).filter(([section]) => partOfSection(section) === part)) as Partial<T>;
}

/** The sections named, in a language's texts. */
export function sectionsOf<T extends Record<string, unknown>>(texts: T, sections: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(texts).filter(([section]) => sections.includes(section))) as Partial<T>;
}
