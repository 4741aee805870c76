import { describe, expect, it } from 'vitest';
import { DOCUMENT_FIXTURES, FIXTURE_PDF } from '../../../../test/support/document-fixtures';
import { xmlQuery } from '../../../../test/support/xml-query';
import type { BillingDocumentData } from '../../invoices/billing-document';
import { buildUbl, PEPPOL_CUSTOMIZATION_ID, PEPPOL_PROFILE_ID } from './build-ubl';
import { amount, percent } from './ubl-values';

// What the UBL says, element by element. Whether the official rules accept it is proven in
// our-documents.test.ts; here each fact of the document is checked to land where it belongs.

const fixture = (name: string): BillingDocumentData => {
  const data = DOCUMENT_FIXTURES[name];
  if (!data) throw new Error(`no fixture ${name}`);
  return data;
};
const built = (name: string) => xmlQuery(buildUbl(fixture(name), FIXTURE_PDF));
const SUPPLIER = '/*/cac:AccountingSupplierParty/cac:Party';
const CUSTOMER = '/*/cac:AccountingCustomerParty/cac:Party';

describe('buildUbl: the document', () => {
  it('is a Peppol BIS 3.0 invoice dated on its Brussels calendar day', () => {
    const doc = built('BE individual (21 %, card)');
    expect(doc.text('local-name(/*)')).toBe('Invoice');
    expect(doc.text('/*/cbc:CustomizationID')).toBe(PEPPOL_CUSTOMIZATION_ID);
    expect(doc.text('/*/cbc:ProfileID')).toBe(PEPPOL_PROFILE_ID);
    expect(doc.text('/*/cbc:ID')).toBe('2026-000101');
    // Issued at 23:30 UTC on 14 March: already 15 March in Brussels.
    expect(doc.text('/*/cbc:IssueDate')).toBe('2026-03-15');
    expect(doc.text('/*/cbc:InvoiceTypeCode')).toBe('380');
    expect(doc.text('/*/cbc:DocumentCurrencyCode')).toBe('EUR');
    expect(doc.text('/*/cbc:BuyerReference')).toBe('ORDER-101');
    expect(doc.count('/*/cbc:DueDate')).toBe(0);
  });

  it('embeds the PDF as it was given, with its MIME type and file name', () => {
    const doc = built('BE individual (21 %, card)');
    const object = '/*/cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject';
    expect(Buffer.from(doc.text(object), 'base64').equals(FIXTURE_PDF)).toBe(true);
    expect(doc.text(`${object}/@mimeCode`)).toBe('application/pdf');
    expect(doc.text(`${object}/@filename`)).toBe('2026-000101.pdf');
  });

  it('names the period a renewal pays for', () => {
    const doc = built('renewal (service period, BE business, card)');
    expect(doc.text('/*/cac:InvoicePeriod/cbc:StartDate')).toBe('2026-04-15');
    expect(doc.text('/*/cac:InvoicePeriod/cbc:EndDate')).toBe('2026-05-14');
    expect(built('BE individual (21 %, card)').count('/*/cac:InvoicePeriod')).toBe(0);
  });

  it('writes a credit note with its reason, the invoice it corrects and credited quantities', () => {
    const doc = built('cancellation credit note (full, reverse charge)');
    expect(doc.text('local-name(/*)')).toBe('CreditNote');
    expect(doc.text('/*/cbc:CreditNoteTypeCode')).toBe('381');
    expect(doc.text('/*/cbc:Note')).toBe('Commande annulée avant livraison');
    expect(doc.text('/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('2026-000103');
    expect(doc.text('/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate')).toBe('2026-03-16');
    expect(doc.texts('/*/cac:CreditNoteLine/cbc:CreditedQuantity')).toEqual(['2']);
    expect(doc.count('/*/cac:InvoiceLine')).toBe(0);
  });

  it('refuses a credit note that names no invoice, VAT rows that miss the total and an empty PDF', () => {
    const note = fixture('partial refund credit note (rounding cent)');
    expect(() => buildUbl({ ...note, corrects: null }, FIXTURE_PDF)).toThrow(/corrected invoice/);
    const invoice = fixture('BE individual (21 %, card)');
    expect(() => buildUbl({ ...invoice, totals: { ...invoice.totals, taxCents: invoice.totals.taxCents + 1 } }, FIXTURE_PDF)).toThrow(
      /VAT rows/,
    );
    expect(() => buildUbl(invoice, Buffer.alloc(0))).toThrow(/PDF/);
  });

  it('escapes what the customer typed', () => {
    const invoice = fixture('BE individual (21 %, card)');
    const xml = buildUbl({ ...invoice, buyer: { ...invoice.buyer, name: 'Dupont & Fils <SRL>' } }, FIXTURE_PDF);
    expect(xml).toContain('Dupont &amp; Fils &lt;SRL&gt;');
    expect(xmlQuery(xml).text(`${CUSTOMER}/cac:PartyLegalEntity/cbc:RegistrationName`)).toBe('Dupont & Fils <SRL>');
  });
});

describe('buildUbl: the parties', () => {
  it('identifies the Belgian seller by its enterprise number (0208) and its VAT number', () => {
    const doc = built('BE individual (21 %, card)');
    expect(doc.text(`${SUPPLIER}/cbc:EndpointID`)).toBe('0123456749');
    expect(doc.text(`${SUPPLIER}/cbc:EndpointID/@schemeID`)).toBe('0208');
    expect(doc.text(`${SUPPLIER}/cac:PartyIdentification/cbc:ID[@schemeID = '0208']`)).toBe('0123456749');
    expect(doc.text(`${SUPPLIER}/cac:PartyLegalEntity/cbc:CompanyID[@schemeID = '0208']`)).toBe('0123456749');
    expect(doc.text(`${SUPPLIER}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/cbc:CompanyID`)).toBe('BE0123456749');
    expect(doc.text(`${SUPPLIER}/cac:PostalAddress/cbc:StreetName`)).toBe("Rue de l'Exemple 1");
    expect(doc.text(`${SUPPLIER}/cac:PostalAddress/cbc:PostalZone`)).toBe('1000');
    expect(doc.text(`${SUPPLIER}/cac:PostalAddress/cbc:CityName`)).toBe('Bruxelles');
    expect(doc.text(`${SUPPLIER}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`)).toBe('BE');
  });

  it('addresses a Belgian company under 0208 with its compact VAT number', () => {
    const doc = built('BE business (0208, PayPal)');
    expect(doc.text(`${CUSTOMER}/cbc:EndpointID/@schemeID`)).toBe('0208');
    expect(doc.text(`${CUSTOMER}/cbc:EndpointID`)).toBe('0202239951');
    expect(doc.text(`${CUSTOMER}/cac:PartyTaxScheme/cbc:CompanyID`)).toBe('BE0202239951');
    expect(doc.text(`${CUSTOMER}/cac:PartyLegalEntity/cbc:CompanyID[@schemeID = '0208']`)).toBe('0202239951');
    expect(doc.text(`${CUSTOMER}/cac:Contact/cbc:Name`)).toBe('Pieter Janssens');
  });

  it('gives a consumer the fallback address (0193, their e-mail) and no VAT or legal identifier', () => {
    const doc = built('FR consumer (OSS 20 %, Mollie)');
    expect(doc.text(`${CUSTOMER}/cbc:EndpointID/@schemeID`)).toBe('0193');
    expect(doc.text(`${CUSTOMER}/cbc:EndpointID`)).toBe('luc.bernard@example.fr');
    expect(doc.count(`${CUSTOMER}/cac:PartyTaxScheme`)).toBe(0);
    expect(doc.count(`${CUSTOMER}/cac:PartyLegalEntity/cbc:CompanyID`)).toBe(0);
    expect(doc.text(`${CUSTOMER}/cac:PartyLegalEntity/cbc:RegistrationName`)).toBe('Luc Bernard');
  });

  it('under reverse charge names both VAT numbers (BR-AE-02)', () => {
    const doc = built('FR business, reverse charge (AE, Mollie)');
    expect(doc.text(`${SUPPLIER}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/cbc:CompanyID`)).toBe('BE0123456749');
    expect(doc.text(`${CUSTOMER}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/cbc:CompanyID`)).toBe('FR40303265045');
    expect(doc.text(`${CUSTOMER}/cbc:EndpointID/@schemeID`)).toBe('9957');
  });

  it('outside the scope of VAT names no VAT identifier (BR-O-02) but keeps the seller number as tax registration', () => {
    const doc = built('US business, outside the scope of EU VAT (O, card)');
    expect(doc.count("//cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']")).toBe(0);
    expect(doc.text(`${SUPPLIER}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'TAX']/cbc:CompanyID`)).toBe('BE0123456749');
    expect(doc.text(`${CUSTOMER}/cbc:EndpointID`)).toBe('ap@acme.example');
    expect(doc.text(`${CUSTOMER}/cac:PostalAddress/cbc:CountrySubentity`)).toBe('CA');
  });
});

describe('buildUbl: VAT and totals', () => {
  it('breaks VAT down per rate with amounts of two decimals', () => {
    const doc = built('PL consumer (OSS 23 %, card)');
    const data = fixture('PL consumer (OSS 23 %, card)');
    expect(doc.texts('/*/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent')).toEqual(['23']);
    expect(doc.text('/*/cac:TaxTotal/cbc:TaxAmount')).toBe(amount(data.totals.taxCents));
    expect(doc.text('/*/cac:TaxTotal/cbc:TaxAmount/@currencyID')).toBe('EUR');
    expect(doc.text('/*/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe(amount(data.totals.totalCents));
    expect(doc.text('/*/cac:LegalMonetaryTotal/cbc:PrepaidAmount')).toBe(amount(data.totals.totalCents));
    expect(doc.text('/*/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('0.00');
    expect(doc.texts('/*/cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent')).toEqual(['23', '23']);
    expect(doc.texts('/*/cac:InvoiceLine/cbc:InvoicedQuantity/@unitCode')).toEqual(['C62', 'C62']);
  });

  it('gives reverse charge a 0 % rate and its VATEX code, and category O no rate at all', () => {
    const ae = built('FR business, reverse charge (AE, Mollie)');
    expect(ae.text('//cac:TaxSubtotal/cac:TaxCategory/cbc:Percent')).toBe('0');
    expect(ae.text('//cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(ae.text('//cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReason')).toMatch(/Article 196/);
    const o = built('US business, outside the scope of EU VAT (O, card)');
    expect(o.count('//cac:TaxCategory/cbc:Percent | //cac:ClassifiedTaxCategory/cbc:Percent')).toBe(0);
    expect(o.text('//cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-O');
    expect(o.text('//cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReason')).toMatch(/Article 44/);
  });

  it('adds the rounding that brings a partial refund to the money given back', () => {
    const doc = built('partial refund credit note (rounding cent)');
    expect(doc.text('/*/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe('9.99');
    expect(doc.text('/*/cac:LegalMonetaryTotal/cbc:PayableRoundingAmount')).toBe('0.01');
    expect(doc.text('/*/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('10.00');
    expect(built('BE individual (21 %, card)').count('//cbc:PayableRoundingAmount')).toBe(0);
  });

  it('formats cents and rates without float noise', () => {
    expect([amount(0), amount(5), amount(1234), amount(-5), amount(-120000)]).toEqual(['0.00', '0.05', '12.34', '-0.05', '-1200.00']);
    expect([percent(21), percent(25.5), percent(0)]).toEqual(['21', '25.5', '0']);
    expect(() => amount(1.5)).toThrow();
  });
});

describe('buildUbl: payment means', () => {
  it.each([
    ['BE individual (21 %, card)', '48', 'pi_3Qx1BE'],
    ['BE business (0208, PayPal)', '68', '5O190127TN364715T'],
    ['FR consumer (OSS 20 %, Mollie)', '68', 'tr_7UhSN1zuXS'],
    ['wallet-paid (BE individual)', '97', ''],
  ])('%s: code %s and the provider reference', (name, code, reference) => {
    const doc = built(name);
    expect(doc.text('/*/cac:PaymentMeans/cbc:PaymentMeansCode')).toBe(code);
    expect(doc.text('/*/cac:PaymentMeans/cbc:PaymentID')).toBe(reference);
    expect(doc.count('/*/cac:PaymentMeans/cac:PayeeFinancialAccount')).toBe(0);
  });

  it('a bank transfer: SEPA credit transfer to the shop account with the structured communication', () => {
    const doc = built('bank transfer paid later (structured communication)');
    expect(doc.text('/*/cac:PaymentMeans/cbc:PaymentMeansCode')).toBe('58');
    expect(doc.text('/*/cac:PaymentMeans/cbc:PaymentID')).toBe('+++000/0000/11013+++');
    expect(doc.text('/*/cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID')).toBe('BE71096123456769');
    expect(doc.text('/*/cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:Name')).toBe('HubHost SRL');
    expect(doc.text('/*/cac:PaymentMeans/cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID')).toBe('GKCCBEBB');
  });

  it('a credit note refunded by transfer names no account: the payee is the buyer', () => {
    expect(built('partial refund credit note (rounding cent)').count('/*/cac:PaymentMeans')).toBe(0);
    expect(built('cancellation credit note (full, reverse charge)').text('/*/cac:PaymentMeans/cbc:PaymentID')).toBe('re_3Qx1FR');
  });
});
