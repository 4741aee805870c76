import i18next, { type TFunction } from 'i18next';
import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/i18n/languages';

// The server's texts (mails, PDFs, CSV headers, payment descriptions) come from the same locale
// files as the pages, in the reader's language with French as the fallback. Its own file, importing
// no module, so that every module may write a text without importing the mail module.

const resources = Object.fromEntries(
  LANGUAGES.map((lng) => {
    const file = new URL(`../../shared/locales/${lng}.json`, import.meta.url);
    return [lng, { translation: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> }];
  }),
);

const i18n = i18next.createInstance();
void i18n.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // Plain text out; the HTML body escapes every line itself.
  interpolation: { escapeValue: false },
});

/** The translate function of one language (renderMail writes a whole mail with it). */
export function serverTranslator(lng: Language): TFunction {
  return i18n.getFixedT(lng);
}

/** A text the server writes for a provider's page (the payment description), in the customer's language. */
export function serverText(lng: Language, key: string, vars: Record<string, string> = {}): string {
  const t = serverTranslator(lng);
  return t(key, { ...vars, brand: t('brand.name') });
}
