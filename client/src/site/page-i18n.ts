import i18next, { type i18n as I18n, type InitOptions, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../shared/i18n/languages';

/**
 * i18next for one public page: its texts are one namespace, named after the page (the layout's
 * sections and the page's own, shared/site/public-pages.ts), so the page downloads those alone.
 * The server gives them as resources; the browser loads them through `backend` (i18next's lazy
 * loading), before it hydrates. Keys stay as the app writes them: t('home.hero.title').
 */
export async function startPageI18n(
  lng: Language,
  pageKey: string,
  source: { resources: ResourceLanguage } | { backend: NonNullable<Parameters<I18n['use']>[0]> },
): Promise<I18n> {
  const instance = i18next.createInstance().use(initReactI18next);
  const options: InitOptions = {
    lng,
    ns: [pageKey],
    defaultNS: pageKey,
    // The four files have the same keys (npm run locales): no other language is needed as a fallback.
    fallbackLng: false,
    // React escapes what it renders; escaping here too would double-escape.
    interpolation: { escapeValue: false },
  };
  if ('resources' in source) await instance.init({ ...options, resources: { [lng]: { [pageKey]: source.resources } } });
  else await instance.use(source.backend).init(options);
  return instance;
}
