import { isEuCountry, parseVatNumber } from '../../shared/tax/vat-treatment';

// Peppol participant identifiers (EAS code list of Peppol BIS Billing 3.0.19) derived from what
// the shop knows of a party: its VAT number and its country. Each value is written the way the
// scheme's rule in the Peppol schematron checks it (PEPPOL-COMMON-R043 for 0208, R049 for 0007).
// Here, importing no module: invoices freeze them in a document's parties, einvoice writes them in
// the UBL and routes by them, and neither module imports the other's.

/** A Peppol participant identifier: EAS scheme (0208 Belgian enterprise number, 9957 French VAT...) and value. */
export interface PeppolId {
  scheme: string;
  id: string;
}

/** A Belgian VAT number's enterprise number: BE0123456749 -> 0123456749 (10 digits, mod 97); null if not one. */
export function belgianEnterpriseNumber(vatNumber: string | null | undefined): string | null {
  const compact = (vatNumber ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  const digits = compact.startsWith('BE') ? compact.slice(2) : compact;
  // Numbers issued before 2005 had 9 digits: the enterprise number is the same with a leading 0.
  const padded = /^\d{9}$/.test(digits) ? `0${digits}` : digits;
  if (!/^[01]\d{9}$/.test(padded)) return null;
  const check = 97 - (Number(padded.slice(0, 8)) % 97);
  return check === Number(padded.slice(8)) ? padded : null;
}

/**
 * The EAS scheme of each member state's VAT number, where the 3.0.19 list has one. The value is
 * the VAT number with its prefix (FR12345678901, EL123456789), as the Peppol identifier policy
 * writes VAT-based identifiers. Belgium is absent: its primary scheme is 0208 (below); Sweden has
 * no VAT scheme left in the list and gets its organisation number (0007) instead.
 */
export const VAT_EAS_SCHEMES: Readonly<Record<string, string>> = {
  AT: '9914',
  BG: '9926',
  CY: '9928',
  CZ: '9929',
  DE: '9930',
  // ERSTORG, the Danish Business Authority's SE number, which is the Danish VAT number.
  DK: '0198',
  EE: '9931',
  ES: '9920',
  // Finnish Organization Value Add Tax Identifier.
  FI: '0213',
  FR: '9957',
  GR: '9933',
  HR: '9934',
  HU: '9910',
  IE: '9935',
  // Partita IVA (PEPPOL-COMMON-R047 accepts it with its IT prefix).
  IT: '0211',
  LT: '9937',
  LU: '9938',
  LV: '9939',
  MT: '9943',
  NL: '9944',
  PL: '9945',
  PT: '9946',
  RO: '9947',
  SI: '9949',
  SK: '9950',
};

/** Belgium's second scheme: BE + VAT number, for a partner registered under it rather than 0208. */
export const BELGIAN_VAT_EAS = '9925';
export const BELGIAN_ENTERPRISE_EAS = '0208';

/**
 * Where Peppol delivers to an EU company, from its VAT number: a Belgian company under 0208 (its
 * enterprise number), another member state's under its VAT scheme. Null when the number is not a
 * usable VAT number of `country` (a consumer, a company outside the EU, a typo).
 */
export function peppolEndpointOf(party: { vatNumber: string | null; country: string }): PeppolId | null {
  const country = party.country.trim().toUpperCase();
  if (!isEuCountry(country)) return null;
  if (country === 'BE') {
    const enterprise = belgianEnterpriseNumber(party.vatNumber);
    return enterprise ? { scheme: BELGIAN_ENTERPRISE_EAS, id: enterprise } : null;
  }
  const parsed = parseVatNumber(party.vatNumber, country);
  if (!parsed || parsed.country !== country) return null;
  if (country === 'SE') {
    // A Swedish VAT number is SE + the 10-digit organisation number + 01.
    const orgNumber = /^(\d{10})01$/.exec(parsed.number)?.[1];
    return orgNumber && luhnValid(orgNumber) ? { scheme: '0007', id: orgNumber } : null;
  }
  const scheme = VAT_EAS_SCHEMES[country];
  return scheme ? { scheme, id: parsed.full } : null;
}

/**
 * The legal registration identifier (BT-30 / BT-47) a VAT number gives away: only a Belgian
 * company's, whose enterprise number is its VAT number's digits. Other states' registers (SIREN,
 * KvK...) are not derivable from the VAT number.
 */
export function legalIdOf(party: { vatNumber: string | null; country: string }): PeppolId | null {
  if (party.country.trim().toUpperCase() !== 'BE') return null;
  const enterprise = belgianEnterpriseNumber(party.vatNumber);
  return enterprise ? { scheme: BELGIAN_ENTERPRISE_EAS, id: enterprise } : null;
}

/**
 * The UBL.BE party identifier scheme (ISO 6523 ICD 0193), registered in Belgium for "any entity
 * that can be addressed in an invoice": the only scheme of the 3.0.19 EAS list not tied to a
 * register (a company number, a VAT number, a GLN) or to one network (Italian PEC, German Leitweg).
 */
export const PARTY_IDENTIFIER_EAS = '0193';

/**
 * The buyer's electronic address (BT-49) when it has no Peppol identifier: a consumer, a company
 * outside the EU. PEPPOL-EN16931-R010 makes the element mandatory and PEPPOL-EN16931-CL008 limits
 * its scheme to the EAS list, which has no e-mail scheme ('EM' is not in it) and no "none" value.
 *
 * Chosen: the buyer's e-mail address, the one electronic address the invoice really goes to,
 * under 0193 (see PARTY_IDENTIFIER_EAS). Rejected: the seller's own identifier (a document would
 * name the seller as its buyer's address), a made-up 0208 or VAT number (a false statement about
 * a register), and the consumer's name or national number (personal data not needed here). Such a
 * document is never sent over Peppol (only Belgian companies are), so nobody routes on this value.
 * The order's buyer reference stands in when there is no usable e-mail (ICD 0193 allows 50 characters).
 */
export function fallbackEndpoint(party: { email: string | null }, buyerReference: string): PeppolId {
  const email = party.email?.trim().toLowerCase() ?? '';
  if (/^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 50) return { scheme: PARTY_IDENTIFIER_EAS, id: email };
  return { scheme: PARTY_IDENTIFIER_EAS, id: `order:${buyerReference}`.slice(0, 50) };
}

/** The Luhn check of a Swedish organisation number (PEPPOL-COMMON-R049). */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
