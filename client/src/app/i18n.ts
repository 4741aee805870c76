import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { APP_SECTIONS } from '../../../shared/i18n/locale-parts';

// Every language is its own chunk, in two parts (shared/i18n/locale-parts.ts): a visitor downloads
// only the site's texts of the page's language; logged-in and staff screens add the rest.
const siteTexts: Record<Language, () => Promise<{ default: ResourceLanguage }>> = {
  fr: () => import('virtual:locale-part/fr-site'),
  nl: () => import('virtual:locale-part/nl-site'),
  en: () => import('virtual:locale-part/en-site'),
  pl: () => import('virtual:locale-part/pl-site'),
};
const appTexts: Record<Language, () => Promise<{ default: ResourceLanguage }>> = {
  fr: () => import('virtual:locale-part/fr-app'),
  nl: () => import('virtual:locale-part/nl-app'),
  en: () => import('virtual:locale-part/en-app'),
  pl: () => import('virtual:locale-part/pl-app'),
};

// Once a screen has asked for the app's texts, every language switched to brings them too.
let appTextsWanted = false;
const appTextsLoaded = new Set<Language>();

export const i18n = i18next.createInstance();

/** Synchronous; `texts` given (tests) are there for the first render. */
export function initI18n(lng: Language = DEFAULT_LANGUAGE, texts?: ResourceLanguage): typeof i18n {
  if (texts && APP_SECTIONS.every((section) => section in texts)) appTextsLoaded.add(lng);
  if (i18n.isInitialized) {
    if (texts && !i18n.hasResourceBundle(lng, 'translation')) i18n.addResourceBundle(lng, 'translation', texts);
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
  return i18n.hasResourceBundle(lng, 'translation') && (!appTextsWanted || appTextsLoaded.has(lng));
}

/** Fetches a language's texts once (with the app's part once a screen wanted it); later calls resolve at once. */
export async function loadLanguage(lng: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lng, 'translation')) addTexts(lng, (await siteTexts[lng]()).default);
  if (appTextsWanted && !appTextsLoaded.has(lng)) await loadAppPart(lng);
}

/** For logged-in and staff screens: the sections public pages leave out, in the current language. */
export async function loadAppTexts(): Promise<void> {
  appTextsWanted = true;
  const lng = i18n.language as Language;
  if (!appTextsLoaded.has(lng)) await loadAppPart(lng);
}

async function loadAppPart(lng: Language): Promise<void> {
  addTexts(lng, (await appTexts[lng]()).default);
  appTextsLoaded.add(lng);
}

/** The two parts hold different top-level sections: added side by side, neither replaces the other. */
function addTexts(lng: Language, texts: ResourceLanguage): void {
  i18n.addResourceBundle(lng, 'translation', texts, false, false);
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
