import type { Language } from '../../../shared/i18n/languages';

export const LANGUAGE_STORAGE_KEY = 'lng';

/** The language last shown, kept for the next visit. */
export function rememberLanguage(lng: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Storage can be disabled (private mode); the URL still carries the language.
  }
}
