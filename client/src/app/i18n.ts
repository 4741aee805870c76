import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import fr from '../../../shared/locales/fr.json';
import nl from '../../../shared/locales/nl.json';
import en from '../../../shared/locales/en.json';
import pl from '../../../shared/locales/pl.json';

// Bundled on purpose: no HTTP round-trip before the first paint, and the CSP stays 'self'.
const resources = {
  fr: { translation: fr },
  nl: { translation: nl },
  en: { translation: en },
  pl: { translation: pl },
};

export const i18n = i18next.createInstance();

/** Synchronous: resources are in memory, so the first render already speaks `lng`. */
export function initI18n(lng: Language = DEFAULT_LANGUAGE): typeof i18n {
  if (i18n.isInitialized) {
    if (i18n.language !== lng) void i18n.changeLanguage(lng);
    return i18n;
  }
  void i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    // React escapes what it renders; escaping here too would double-escape.
    interpolation: { escapeValue: false },
  });
  return i18n;
}
