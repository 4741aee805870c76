import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { partOfSection, type LocalePart } from '../../../shared/i18n/locale-parts';

type TextsModule = () => Promise<{ default: ResourceLanguage }>;

// Every language is its own chunks, in three parts (shared/i18n/locale-parts.ts): a visitor downloads
// only the site's texts of the page's language; the legal pages and the other screens add theirs.
const textParts: Record<Language, Record<LocalePart, TextsModule>> = {
  fr: {
    site: () => import('virtual:locale-part/fr-site'),
    legal: () => import('virtual:locale-part/fr-legal'),
    app: () => import('virtual:locale-part/fr-app'),
  },
  nl: {
    site: () => import('virtual:locale-part/nl-site'),
    legal: () => import('virtual:locale-part/nl-legal'),
    app: () => import('virtual:locale-part/nl-app'),
  },
  en: {
    site: () => import('virtual:locale-part/en-site'),
    legal: () => import('virtual:locale-part/en-legal'),
    app: () => import('virtual:locale-part/en-app'),
  },
  pl: {
    site: () => import('virtual:locale-part/pl-site'),
    legal: () => import('virtual:locale-part/pl-legal'),
    app: () => import('virtual:locale-part/pl-app'),
  },
};

// Once a screen has asked for a part, every language switched to brings it too.
const wantedParts = new Set<LocalePart>(['site']);
const loadedParts = new Map<Language, Set<LocalePart>>();
const partsOf = (lng: Language) => loadedParts.get(lng) ?? loadedParts.set(lng, new Set()).get(lng)!;

export const i18n = i18next.createInstance();

/** Synchronous; `texts` given (tests) are there for the first render. */
export function initI18n(lng: Language = DEFAULT_LANGUAGE, texts?: ResourceLanguage): typeof i18n {
  if (texts) for (const section of Object.keys(texts)) partsOf(lng).add(partOfSection(section));
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
  return [...wantedParts].every((part) => partsOf(lng).has(part));
}

/** Fetches a language's texts once (each part a screen has wanted); later calls resolve at once. */
export async function loadLanguage(lng: Language): Promise<void> {
  await Promise.all([...wantedParts].map((part) => loadPart(lng, part)));
}

/** For a screen that reads the legal texts or the app's: that part, in the current language. */
export async function loadTextPart(part: LocalePart): Promise<void> {
  if (typeof window === 'undefined') return; // the server's render has every text (entry-server.tsx)
  wantedParts.add(part);
  await loadPart(i18n.language as Language, part);
}

async function loadPart(lng: Language, part: LocalePart): Promise<void> {
  if (partsOf(lng).has(part)) return;
  const texts = (await textParts[lng][part]()).default;
  // The parts hold different top-level sections: added side by side, none replaces another.
  i18n.addResourceBundle(lng, 'translation', texts, false, false);
  partsOf(lng).add(part);
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
