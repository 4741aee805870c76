import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages';

// Every language is its own chunk: a visitor downloads only the texts of the page's language
// (the texts grow with every screen, times four); another one is fetched on a switch.
const languageTexts: Record<Language, () => Promise<{ default: ResourceLanguage }>> = {
  fr: () => import('../../../shared/locales/fr.json'),
  nl: () => import('../../../shared/locales/nl.json'),
  en: () => import('../../../shared/locales/en.json'),
  pl: () => import('../../../shared/locales/pl.json'),
};

export const i18n = i18next.createInstance();

/** Synchronous; `texts` given (tests) are there for the first render. */
export function initI18n(lng: Language = DEFAULT_LANGUAGE, texts?: ResourceLanguage): typeof i18n {
  if (i18n.isInitialized) {
    if (texts && !isLoaded(lng)) i18n.addResourceBundle(lng, 'translation', texts);
    if (i18n.language !== lng && isLoaded(lng)) void i18n.changeLanguage(lng);
    return i18n;
  }
  void i18n.use(initReactI18next).init({
    resources: texts ? { [lng]: { translation: texts } } : {},
    lng,
    // The four files have the same keys (npm run locales): no other language is needed as a fallback.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    // React escapes what it renders; escaping here too would double-escape.
    interpolation: { escapeValue: false },
  });
  return i18n;
}

export function isLoaded(lng: Language): boolean {
  return i18n.hasResourceBundle(lng, 'translation');
}

/** Fetches a language's texts once; later calls resolve at once. */
export async function loadLanguage(lng: Language): Promise<void> {
  if (isLoaded(lng)) return;
  const { default: texts } = await languageTexts[lng]();
  i18n.addResourceBundle(lng, 'translation', texts);
}

/** Starts in the URL's language: its texts are fetched before the first render. */
export async function startI18n(lng: Language): Promise<void> {
  initI18n(lng);
  // Offline: retry with French, the site's main language (the gate retries the URL's later).
  const loaded = await loadLanguage(lng).then(
    () => lng,
    () => loadLanguage(DEFAULT_LANGUAGE).then(() => DEFAULT_LANGUAGE),
  );
  if (i18n.language !== loaded) await i18n.changeLanguage(loaded);
}
