// A small document that looks like a Peppol BIS 3.0 UBL Invoice or CreditNote (root, namespaces,
// number, both parties' endpoints): enough for the delivery code and the access-point fake, which
// carry it, not for the official rules (the real generator is server/modules/einvoice/ubl).

export function ublFixture(input: {
  number: string;
  kind?: 'invoice' | 'credit_note';
  buyer?: { scheme: string; id: string } | null;
  issueDate?: string;
}): string {
  const root = input.kind === 'credit_note' ? 'CreditNote' : 'Invoice';
  const buyer = input.buyer === undefined ? { scheme: '0208', id: '0123456749' } : input.buyer;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${input.number}</cbc:ID>
  <cbc:IssueDate>${input.issueDate ?? '2026-11-25'}</cbc:IssueDate>
  <cbc:${root === 'Invoice' ? 'InvoiceTypeCode>380</cbc:InvoiceTypeCode' : 'CreditNoteTypeCode>381</cbc:CreditNoteTypeCode'}>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cbc:EndpointID schemeID="0208">0123456749</cbc:EndpointID>
      <cac:PartyLegalEntity><cbc:RegistrationName>HubHost SRL</cbc:RegistrationName></cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cac:Party>
${buyer ? `      <cbc:EndpointID schemeID="${buyer.scheme}">${buyer.id}</cbc:EndpointID>\n` : ''}      <cac:PartyLegalEntity><cbc:RegistrationName>Client SA</cbc:RegistrationName></cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal>
    <cbc:PayableAmount currencyID="EUR">0.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
</${root}>
`;
}
