import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import fr from '../../../shared/locales/fr.json';

// French is the fallback, so it ships with the entry; every other language is its own chunk,
// fetched once when a page first needs it (the texts grow with every screen, times four).
const otherLanguages: Record<Exclude<Language, 'fr'>, () => Promise<{ default: ResourceLanguage }>> = {
  nl: () => import('../../../shared/locales/nl.json'),
  en: () => import('../../../shared/locales/en.json'),
  pl: () => import('../../../shared/locales/pl.json'),
};

export const i18n = i18next.createInstance();

/** Synchronous: French is in memory, so a first render can always happen. */
export function initI18n(lng: Language = DEFAULT_LANGUAGE): typeof i18n {
  if (i18n.isInitialized) {
    if (i18n.language !== lng && isLoaded(lng)) void i18n.changeLanguage(lng);
    return i18n;
  }
  void i18n.use(initReactI18next).init({
    resources: { fr: { translation: fr } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    // React escapes what it renders; escaping here too would double-escape.
    interpolation: { escapeValue: false },
  });
  if (lng !== DEFAULT_LANGUAGE && isLoaded(lng)) void i18n.changeLanguage(lng);
  return i18n;
}

export function isLoaded(lng: Language): boolean {
  return lng === DEFAULT_LANGUAGE || i18n.hasResourceBundle(lng, 'translation');
}

/** Fetches a language's texts once; later calls resolve at once. */
export async function loadLanguage(lng: Language): Promise<void> {
  if (isLoaded(lng)) return;
  const { default: texts } = await otherLanguages[lng as Exclude<Language, 'fr'>]();
  i18n.addResourceBundle(lng, 'translation', texts);
}

/** Starts in the URL's language: its texts are fetched before the first paint. */
export async function startI18n(lng: Language): Promise<void> {
  initI18n(DEFAULT_LANGUAGE);
  await loadLanguage(lng).catch(() => undefined); // offline: French until the gate retries
  if (isLoaded(lng)) await i18n.changeLanguage(lng);
}
