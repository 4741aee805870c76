import { isLanguage, type Language } from '../../../shared/i18n/languages';

/** The language named by the first path segment, or undefined when it is missing or not offered. */
export function languageFromPath(pathname: string): Language | undefined {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : undefined;
}
