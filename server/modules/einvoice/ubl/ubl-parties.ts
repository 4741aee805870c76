import type { PeppolId } from '../../../shared/peppol-ids';
import type { PartySnapshot } from '../../invoices/billing-document';
import { legalIdOf, peppolEndpointOf } from '../../../shared/peppol-ids';
import { splitPostalAddress } from './postal-address';
import { cac, cbc, type Node } from './ubl-xml';
import { compactVatNumber } from './ubl-values';

// The seller (BG-4) and the buyer (BG-7) as UBL parties, in the element order of the UBL 2.1
// PartyType: EndpointID, PartyIdentification, PostalAddress, PartyTaxScheme, PartyLegalEntity, Contact.

export interface PartyOptions {
  /** Whether the document may name VAT identifiers (BT-31, BT-48): not under category O (BR-O-02). */
  vatIdentifiers: boolean;
  /** The buyer's electronic address when it has no Peppol identifier (see fallbackEndpoint). */
  fallback?: PeppolId;
}

/** BT-30 / BT-47 and BT-29 / BT-46 must be ISO 6523 ICD schemes (BR-CL-10, BR-CL-11): the 99xx VAT schemes are not. */
const isIcdScheme = (id: PeppolId) => /^0\d{3}$/.test(id.scheme);

export function writeSeller(parent: Node, seller: PartySnapshot, options: PartyOptions): void {
  const endpoint = seller.endpoint ?? peppolEndpointOf(seller);
  if (!endpoint) throw new Error('the seller has no Peppol identifier (a Belgian VAT number is expected)');
  const legalId = usableLegalId(seller);
  const party = cac(cac(parent, 'AccountingSupplierParty'), 'Party');
  cbc(party, 'EndpointID', endpoint.id, { schemeID: endpoint.scheme });
  if (legalId) cbc(cac(party, 'PartyIdentification'), 'ID', legalId.id, { schemeID: legalId.scheme });
  writeAddress(party, seller);
  if (seller.vatNumber) {
    // Under category O the VAT number may not be given as a VAT identifier (BR-O-02), yet Belgian
    // law wants it on every invoice of a VAT-registered seller: it stays as the seller's tax
    // registration identifier (BT-32), a PartyTaxScheme whose scheme is not VAT.
    writeTaxScheme(party, compactVatNumber(seller.vatNumber), options.vatIdentifiers ? 'VAT' : 'TAX');
  }
  writeLegalEntity(party, seller, legalId);
  writeContact(party, seller);
}

export function writeBuyer(parent: Node, buyer: PartySnapshot, options: PartyOptions): void {
  const endpoint = buyer.endpoint ?? options.fallback;
  if (!endpoint) throw new Error('the buyer needs an electronic address (PEPPOL-EN16931-R010)');
  const legalId = usableLegalId(buyer);
  const party = cac(cac(parent, 'AccountingCustomerParty'), 'Party');
  cbc(party, 'EndpointID', endpoint.id, { schemeID: endpoint.scheme });
  if (legalId) cbc(cac(party, 'PartyIdentification'), 'ID', legalId.id, { schemeID: legalId.scheme });
  writeAddress(party, buyer);
  if (buyer.vatNumber && options.vatIdentifiers) writeTaxScheme(party, compactVatNumber(buyer.vatNumber), 'VAT');
  writeLegalEntity(party, buyer, legalId);
  writeContact(party, buyer);
}

function usableLegalId(party: PartySnapshot): PeppolId | null {
  const legalId = party.legalId ?? (party.isBusiness ? legalIdOf(party) : null);
  return legalId && isIcdScheme(legalId) ? legalId : null;
}

function writeAddress(party: Node, snapshot: PartySnapshot): void {
  const parts = splitPostalAddress(snapshot.address, snapshot.country);
  const address = cac(party, 'PostalAddress');
  cbc(address, 'StreetName', parts.street);
  cbc(address, 'AdditionalStreetName', parts.additionalStreet);
  cbc(address, 'CityName', parts.city);
  cbc(address, 'PostalZone', parts.postalZone);
  cbc(address, 'CountrySubentity', parts.subentity);
  cbc(cac(address, 'Country'), 'IdentificationCode', parts.country);
}

function writeTaxScheme(party: Node, companyId: string, scheme: 'VAT' | 'TAX'): void {
  const taxScheme = cac(party, 'PartyTaxScheme');
  cbc(taxScheme, 'CompanyID', companyId);
  cbc(cac(taxScheme, 'TaxScheme'), 'ID', scheme);
}

function writeLegalEntity(party: Node, snapshot: PartySnapshot, legalId: PeppolId | null): void {
  const entity = cac(party, 'PartyLegalEntity');
  cbc(entity, 'RegistrationName', snapshot.name);
  if (legalId) cbc(entity, 'CompanyID', legalId.id, { schemeID: legalId.scheme });
}

function writeContact(party: Node, snapshot: PartySnapshot): void {
  if (!snapshot.contactName?.trim() && !snapshot.email?.trim() && !snapshot.phone?.trim()) return;
  const contact = cac(party, 'Contact');
  cbc(contact, 'Name', snapshot.contactName);
  cbc(contact, 'Telephone', snapshot.phone);
  cbc(contact, 'ElectronicMail', snapshot.email);
}
