import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_FIXTURES, FIXTURE_PDF } from '../../../../test/support/document-fixtures';
import { testValidator, WARM_UP_TIMEOUT } from '../../../../test/support/einvoice-rules';
import type { BillingDocumentData } from '../../invoices/billing-document';
import { buildUbl } from './build-ubl';

// The shop's own invoices and credit notes, one per case, through the three official checks
// (UBL 2.1 schema, CEN EN 16931, Peppol BIS Billing 3.0) that einvoice-validator.test.ts and the
// official unit tests proved first. Then a few broken copies, to see the same checks refuse them.

const validator = testValidator();
beforeAll(() => validator.warmUp(), WARM_UP_TIMEOUT);

const cases = Object.entries(DOCUMENT_FIXTURES);
const tally = { documents: 0, firedRules: 0, failures: 0, warnings: 0 };
afterAll(() => {
  console.info(
    `our documents: ${tally.documents} checked, ${tally.firedRules} rules fired, failures = ${tally.failures}, warnings = ${tally.warnings}`,
  );
});

describe('our documents pass the schema, the CEN and the Peppol rules', () => {
  it.each(cases)('%s', async (_name, data) => {
    const report = await validator.validate(buildUbl(data, FIXTURE_PDF), data.kind);
    tally.documents += 1;
    tally.firedRules += report.firedRules;
    tally.failures += report.errors.length;
    tally.warnings += report.warnings;
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.firedRules).toBeGreaterThan(60);
  });
});

describe('the same checks refuse a broken copy', () => {
  const data = (name: string): BillingDocumentData => DOCUMENT_FIXTURES[name]!;
  const failedRules = async (xml: string, kind: BillingDocumentData['kind']) =>
    (await validator.validate(xml, kind)).errors.map((e) => e.rule);

  it('without a buyer reference (PEPPOL-EN16931-R003)', async () => {
    const xml = buildUbl(data('BE individual (21 %, card)'), FIXTURE_PDF).replace(/\s*<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
    expect(await failedRules(xml, 'invoice')).toEqual(['PEPPOL-EN16931-R003']);
  });

  it('with an amount due that ignores the rounding (BR-CO-16)', async () => {
    const xml = buildUbl(data('partial refund credit note (rounding cent)'), FIXTURE_PDF).replace(
      /<cbc:PayableAmount currencyID="EUR">10.00</,
      '<cbc:PayableAmount currencyID="EUR">9.99<',
    );
    expect(await failedRules(xml, 'credit_note')).toEqual(['BR-CO-16']);
  });

  it('with a buyer VAT number on a document outside the scope of VAT (BR-O-02)', async () => {
    const vat =
      '<cac:PartyTaxScheme><cbc:CompanyID>US123456789</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>';
    const xml = buildUbl(data('US business, outside the scope of EU VAT (O, card)'), FIXTURE_PDF).replace(
      /(<cac:AccountingCustomerParty>[\s\S]*?)(<cac:PartyLegalEntity>)/,
      `$1${vat}$2`,
    );
    expect(await failedRules(xml, 'invoice')).toContain('BR-O-02');
  });

  it('with a Belgian enterprise number whose check digits are wrong (PEPPOL-COMMON-R043)', async () => {
    const invoice = data('BE business (0208, PayPal)');
    const xml = buildUbl({ ...invoice, buyer: { ...invoice.buyer, endpoint: { scheme: '0208', id: '0202239952' } } }, FIXTURE_PDF);
    expect(await failedRules(xml, 'invoice')).toEqual(['PEPPOL-COMMON-R043']);
  });

  it('with a consumer addressed by e-mail under the EM scheme, which the Peppol list lacks (PEPPOL-EN16931-CL008)', async () => {
    const invoice = data('FR consumer (OSS 20 %, Mollie)');
    const xml = buildUbl(
      { ...invoice, buyer: { ...invoice.buyer, endpoint: { scheme: 'EM', id: 'luc.bernard@example.fr' } } },
      FIXTURE_PDF,
    );
    expect(await failedRules(xml, 'invoice')).toEqual(['PEPPOL-EN16931-CL008']);
  });

  it('without the buyer VAT number under reverse charge (BR-AE-02)', async () => {
    const xml = buildUbl(data('FR business, reverse charge (AE, Mollie)'), FIXTURE_PDF).replace(
      /(<cac:AccountingCustomerParty>[\s\S]*?)<cac:PartyTaxScheme>[\s\S]*?<\/cac:PartyTaxScheme>/,
      '$1',
    );
    expect(await failedRules(xml, 'invoice')).toContain('BR-AE-02');
  });
});
