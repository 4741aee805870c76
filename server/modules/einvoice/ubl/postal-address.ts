import countries from 'i18n-iso-countries';
import { createRequire } from 'node:module';

// The one-line address a customer typed ("Rue de l'Exemple 1, 1000 Bruxelles, Belgique") split
// into the parts of a UBL PostalAddress. A guess that never loses text: what is not recognised
// as a postcode and city stays in the street lines, and the country code always comes from the
// party's country field, never from the text.

export interface PostalAddressParts {
  /** BT-35 / BT-50. */
  street: string | null;
  /** BT-36 / BT-51: the lines between the street and the town. */
  additionalStreet: string | null;
  /** BT-37 / BT-52. */
  city: string | null;
  /** BT-38 / BT-53. */
  postalZone: string | null;
  /** BT-39 / BT-54: a US state, a Canadian province. */
  subentity: string | null;
  /** BT-40 / BT-55, ISO 3166 alpha-2. */
  country: string;
}

const require = createRequire(import.meta.url);
const NAME_LANGUAGES = ['fr', 'nl', 'en', 'pl', 'de'] as const;
for (const lng of NAME_LANGUAGES) countries.registerLocale(require(`i18n-iso-countries/langs/${lng}.json`));

/** Postcode first, then town: 1000 Bruxelles, 75001 Paris, 1012 AB Amsterdam, 00-950 Warszawa, L-1234 Luxembourg, 114 55 Stockholm, 1000-001 Lisboa. */
const ZONE_THEN_CITY =
  /^((?:[A-Z]{1,2}-)?\d{4}-\d{3}|(?:[A-Z]{1,2}-)?\d{2}-\d{3}|\d{4}\s?[A-Z]{2}|\d{3}\s\d{2}|(?:[A-Z]{1,2}-)?\d{3,6})\s+(\D.*)$/;
/** A US or Canadian line: "NY 10001", "ON M5V 2T6". */
const STATE_AND_ZONE = /^([A-Z]{2})\s+(\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d)$/;
/** Town then postcode: "London SW1A 1AA", "Dublin D02 X285". */
const CITY_THEN_ZONE = /^(\D+?)\s+([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]\d{2}\s?[A-Z\d]{4}|\d{4,6})$/;

export function splitPostalAddress(address: string, country: string): PostalAddressParts {
  const code = country.trim().toUpperCase();
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (parts.length > 1 && namesCountry(parts[parts.length - 1]!)) parts.pop();

  // The first part is always the street ("123 Main Street" is not a postcode and a town).
  for (let i = parts.length - 1; i > 0; i -= 1) {
    const part = parts[i]!;
    const zoneFirst = ZONE_THEN_CITY.exec(part);
    if (zoneFirst) return assemble(parts.slice(0, i), parts.slice(i + 1), { postalZone: zoneFirst[1]!, city: zoneFirst[2]! }, code);
    const stateZone = STATE_AND_ZONE.exec(part);
    if (stateZone && i > 1) {
      return assemble(
        parts.slice(0, i - 1),
        parts.slice(i + 1),
        { postalZone: stateZone[2]!, city: parts[i - 1]!, subentity: stateZone[1]! },
        code,
      );
    }
    const cityFirst = CITY_THEN_ZONE.exec(part);
    if (cityFirst) return assemble(parts.slice(0, i), parts.slice(i + 1), { postalZone: cityFirst[2]!, city: cityFirst[1]! }, code);
  }
  // No postcode: the first part is the street, the last the town, when there are two or more.
  if (parts.length >= 2) return assemble(parts.slice(0, -1), [], { city: parts[parts.length - 1]! }, code);
  return assemble(parts, [], {}, code);
}

function assemble(
  streetParts: string[],
  trailing: string[],
  found: { postalZone?: string; city?: string; subentity?: string },
  country: string,
): PostalAddressParts {
  const [street, ...rest] = streetParts;
  const additional = [...rest, ...trailing].join(', ');
  return {
    street: street ?? null,
    additionalStreet: additional || null,
    city: found.city?.trim() || null,
    postalZone: found.postalZone?.trim() || null,
    subentity: found.subentity ?? null,
    country,
  };
}

function namesCountry(text: string): boolean {
  if (/^[A-Z]{2}$/.test(text) && countries.isValid(text)) return true;
  return NAME_LANGUAGES.some((lng) => countries.getAlpha2Code(text, lng) !== undefined);
}
