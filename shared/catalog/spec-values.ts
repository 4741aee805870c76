import type { Language } from '../i18n/languages';

/** The locale keys of the words and units a spec value may hold (shop.specValues.*). */
type Translate = (key: string) => string;

// Staff write specs the French way ("60 Go", "Illimité"); each language reads its own units and
// words. Only these known ones are rewritten: anything else ("250 Mbit/s", "Debian 12") reads the
// same in every language.
const UNITS: Record<string, string> = { Mo: 'megabyte', Go: 'gigabyte', To: 'terabyte' };
const WORDS: Record<string, string> = { illimité: 'unlimited', illimitée: 'unlimited' };

/** A spec value as written in `lng`: "60 Go" -> "60 GB", "Illimité" -> "Unlimited"; numbers as they are. */
export function specValueIn(value: string | number, lng: Language, t: Translate): string | number {
  if (typeof value === 'number' || lng === 'fr') return value;
  const word = WORDS[value.trim().toLowerCase()];
  if (word) return t(`shop.specValues.${word}`);
  return value.replace(/(\d)\s*(Mo|Go|To)\b/g, (_match, digit: string, unit: string) => `${digit} ${t(`shop.specValues.${UNITS[unit]}`)}`);
}

/** Every value of a config_products in `lng`. */
export function specsIn<T extends Record<string, string | number>>(specs: T, lng: Language, t: Translate): T {
  return Object.fromEntries(Object.entries(specs).map(([key, value]) => [key, specValueIn(value, lng, t)])) as T;
}
