// A language's texts come in two parts for the browser (issue 18): what every page may show
// ("site") and the top-level sections only logged-in and staff screens or the server use ("app").
// A visitor of a public page downloads the first only; a screen that needs the rest loads it.

/** The sections public pages never show: the back-office, the account screens, mails and invoices. */
export const APP_SECTIONS: readonly string[] = ['staff', 'mail', 'invoice', 'settings', 'account', 'profile'];

export type LocalePart = 'site' | 'app';

/** The top-level sections of one part; the two parts hold every section exactly once. */
export function localePart<T extends Record<string, unknown>>(texts: T, part: LocalePart): Partial<T> {
  return Object.fromEntries(Object.entries(texts).filter(([section]) => APP_SECTIONS.includes(section) === (part === 'app'))) as Partial<T>;
}
