import type { PeppolId } from '../invoices/billing-document';

// Peppol participant identifiers (EAS code list) derived from what the shop knows of a party.
// First version: Belgian companies only; the e-invoice work completes the other member states.

/** A Belgian VAT number's enterprise number: BE0123456749 -> 0123456749 (10 digits, mod 97); null if not one. */
export function belgianEnterpriseNumber(vatNumber: string | null | undefined): string | null {
  const compact = (vatNumber ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  const digits = compact.startsWith('BE') ? compact.slice(2) : compact;
  const padded = /^\d{9}$/.test(digits) ? `0${digits}` : digits;
  if (!/^[01]\d{9}$/.test(padded)) return null;
  const check = 97 - (Number(padded.slice(0, 8)) % 97);
  return check === Number(padded.slice(8)) ? padded : null;
}

/** Where Peppol delivers to a party with this VAT number: a Belgian company under 0208; null when unknown. */
export function peppolEndpointOf(party: { vatNumber: string | null; country: string }): PeppolId | null {
  const enterprise = belgianEnterpriseNumber(party.vatNumber);
  if (enterprise && party.country.toUpperCase() === 'BE') return { scheme: '0208', id: enterprise };
  return null;
}
