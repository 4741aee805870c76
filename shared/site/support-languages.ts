import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../i18n/languages';

/**
 * The languages the support team answers in (SUPPORT_LANGUAGES, e.g. "fr,en"): a setting, so the
 * pages never say "we answer in French" to a reader whose language the team does not speak unless
 * it is true. French first when unset. Plain code, no zod: the public pages read it.
 */
export const DEFAULT_SUPPORT_LANGUAGES: readonly Language[] = [DEFAULT_LANGUAGE];

/** "fr, en" -> ['fr', 'en'], in the order written, without repeats; undefined: not a list of shop languages. */
export function parseSupportLanguages(value: string): Language[] | undefined {
  const codes = value
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
  if (codes.length === 0 || !codes.every((code) => (LANGUAGES as readonly string[]).includes(code))) return undefined;
  return [...new Set(codes as Language[])];
}
