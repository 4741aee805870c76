import countries from 'i18n-iso-countries';
import type { Language } from '../../../../shared/i18n/languages';

export interface CountryOption {
  code: string;
  name: string;
}

// Only the current language's names are fetched, each its own small chunk.
const NAMES: Record<Language, () => Promise<{ default: countries.LocaleData }>> = {
  fr: () => import('i18n-iso-countries/langs/fr.json'),
  nl: () => import('i18n-iso-countries/langs/nl.json'),
  en: () => import('i18n-iso-countries/langs/en.json'),
  pl: () => import('i18n-iso-countries/langs/pl.json'),
};

const loaded = new Map<Language, Promise<CountryOption[]>>();

/** Every ISO 3166 country (about 249), named and sorted in `lng`. */
export function loadCountryOptions(lng: Language): Promise<CountryOption[]> {
  let options = loaded.get(lng);
  if (!options) {
    options = NAMES[lng]().then(({ default: locale }) => {
      countries.registerLocale(locale);
      const collator = new Intl.Collator(lng);
      return Object.entries(countries.getNames(lng, { select: 'official' }))
        .map(([code, name]) => ({ code, name }))
        .sort((a, b) => collator.compare(a.name, b.name));
    });
    loaded.set(lng, options);
    options.catch(() => loaded.delete(lng)); // a failed chunk can be fetched again later
  }
  return options;
}
