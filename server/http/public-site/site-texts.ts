import type { Language } from '../../../shared/i18n/languages';
import en from '../../../shared/locales/en.json';
import fr from '../../../shared/locales/fr.json';
import nl from '../../../shared/locales/nl.json';
import pl from '../../../shared/locales/pl.json';

const TEXTS: Record<Language, unknown> = { fr, nl, en, pl };

/** A text of the locale files by its dotted key ('home.faq.heading'); the key itself when missing. */
export function siteText(lng: Language, key: string): string {
  let node: unknown = TEXTS[lng];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : key;
}
