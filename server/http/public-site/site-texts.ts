import { joinedList, joinedListKey, regionName, regionNameKey } from '../../../shared/i18n/intl-names';
import type { Language } from '../../../shared/i18n/languages';
import type { SellerIdentity } from '../../../shared/schemas/seller';
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

/** What Intl writes on a page in `lng`: the seller's country and the support languages' list (shared/i18n/intl-names.ts). */
export function intlNamesOf(lng: Language, seller: SellerIdentity | undefined, languages: readonly Language[]): Record<string, string> {
  const names = languages.map((code) => siteText(lng, `home.supportLanguages.${code}`));
  const known: Record<string, string> = { [joinedListKey(lng, names)]: joinedList(lng, names) };
  if (seller) known[regionNameKey(lng, seller.country)] = regionName(lng, seller.country);
  return known;
}
