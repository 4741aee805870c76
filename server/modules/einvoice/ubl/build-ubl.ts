import { create } from 'xmlbuilder2';
import type { BillingDocumentData, DocumentLine } from '../../invoices/billing-document';
import type { VatSubtotal } from '../../../../shared/tax/vat-amounts';
import { fallbackEndpoint } from '../../../shared/peppol-ids';
import { writeBuyer, writeSeller } from './ubl-parties';
import { amount, dayOf, exemptionOf, PAYMENT_MEANS, percent } from './ubl-values';
import { cac, cbc, UBL_NS, type Node } from './ubl-xml';

// An invoice or a credit note as Peppol BIS Billing 3.0 UBL, from its frozen facts only (the
// same BillingDocumentData its PDF is printed from) and that PDF, embedded. Elements are written
// in the order of the UBL 2.1 schema (the schematrons do not check order, the XSD does).

export const PEPPOL_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** UNCL 1001: commercial invoice, credit note. */
export const INVOICE_TYPE_CODE = '380';
export const CREDIT_NOTE_TYPE_CODE = '381';

export function buildUbl(data: BillingDocumentData, pdf: Buffer): string {
  const invoice = data.kind === 'invoice';
  const currency = data.currency.toUpperCase();
  const money = (cents: number) => ({ attributes: { currencyID: currency }, text: amount(cents) });
  const withoutVatIds = data.vat.some((row) => row.category === 'O') || data.lines.some((line) => line.category === 'O');

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    invoice ? UBL_NS.invoice : UBL_NS.creditNote,
    invoice ? 'Invoice' : 'CreditNote',
    {
      'xmlns:cac': UBL_NS.cac,
      'xmlns:cbc': UBL_NS.cbc,
    },
  );
  cbc(root, 'CustomizationID', PEPPOL_CUSTOMIZATION_ID);
  cbc(root, 'ProfileID', PEPPOL_PROFILE_ID);
  cbc(root, 'ID', data.number);
  const issueDay = dayOf(data.issuedAt);
  cbc(root, 'IssueDate', issueDay);
  // An invoice still owing money says when (BR-CO-25): at once, the shop's invoices being due on issue.
  if (invoice && data.totals.payableCents > 0) cbc(root, 'DueDate', issueDay);
  cbc(root, invoice ? 'InvoiceTypeCode' : 'CreditNoteTypeCode', invoice ? INVOICE_TYPE_CODE : CREDIT_NOTE_TYPE_CODE);
  // One note at most (PEPPOL-EN16931-R002): a credit note's reason; the VAT mention is in the breakdown.
  cbc(root, 'Note', data.reason);
  cbc(root, 'DocumentCurrencyCode', currency);
  cbc(root, 'BuyerReference', data.buyerReference);
  if (data.servicePeriod) {
    const period = cac(root, 'InvoicePeriod');
    cbc(period, 'StartDate', dayOf(data.servicePeriod.from));
    cbc(period, 'EndDate', dayOf(data.servicePeriod.to));
  }
  if (!invoice) {
    if (!data.corrects) throw new Error(`credit note ${data.number} names no corrected invoice (BT-25)`);
    const reference = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    cbc(reference, 'ID', data.corrects.number);
    cbc(reference, 'IssueDate', dayOf(data.corrects.issuedAt));
  }
  writeAttachment(root, data, pdf);

  const vatIdentifiers = !withoutVatIds;
  writeSeller(root, data.seller, { vatIdentifiers });
  writeBuyer(root, data.buyer, { vatIdentifiers, fallback: fallbackEndpoint(data.buyer, data.buyerReference) });
  writePaymentMeans(root, data);

  const taxTotal = cac(root, 'TaxTotal');
  const vatTotal = data.vat.reduce((sum, row) => sum + row.taxCents, 0);
  if (vatTotal !== data.totals.taxCents)
    throw new Error(`document ${data.number}: VAT rows add up to ${vatTotal}, totals say ${data.totals.taxCents}`);
  writeMoney(taxTotal, 'TaxAmount', money(vatTotal));
  for (const row of data.vat) writeSubtotal(taxTotal, row, data, money);

  const totals = cac(root, 'LegalMonetaryTotal');
  writeMoney(totals, 'LineExtensionAmount', money(data.totals.netCents));
  writeMoney(totals, 'TaxExclusiveAmount', money(data.totals.netCents));
  writeMoney(totals, 'TaxInclusiveAmount', money(data.totals.totalCents));
  writeMoney(totals, 'PrepaidAmount', money(data.totals.prepaidCents));
  if (data.totals.roundingCents !== 0) writeMoney(totals, 'PayableRoundingAmount', money(data.totals.roundingCents));
  writeMoney(totals, 'PayableAmount', money(data.totals.payableCents));

  data.lines.forEach((line, index) => writeLine(root, line, index + 1, data, money));
  return root.end({ prettyPrint: true });
}

type Money = (cents: number) => { attributes: Record<string, string>; text: string };

function writeMoney(parent: Node, name: string, value: ReturnType<Money>): void {
  cbc(parent, name, value.text, value.attributes);
}

/** The PDF the buyer also received (BG-24), so that the e-invoice carries the printed document. */
function writeAttachment(root: Node, data: BillingDocumentData, pdf: Buffer): void {
  if (pdf.length === 0) throw new Error(`document ${data.number}: the PDF to embed is empty`);
  const reference = cac(root, 'AdditionalDocumentReference');
  cbc(reference, 'ID', data.number);
  cbc(reference, 'DocumentDescription', data.kind === 'invoice' ? 'Invoice' : 'Credit note');
  const attachment = cac(reference, 'Attachment');
  cbc(attachment, 'EmbeddedDocumentBinaryObject', pdf.toString('base64'), { mimeCode: 'application/pdf', filename: `${data.number}.pdf` });
}

/**
 * How the document is (or was) paid (BG-16). A bank transfer names the shop's account and the
 * structured communication (BT-83, +++ddd/dddd/ddddd+++ as Belgian banks read it); other methods
 * name the provider's payment id. A credit note refunded by transfer says nothing: its payee
 * is the buyer, whose account the shop does not hold, and codes 30/58 require one (BR-61).
 */
function writePaymentMeans(root: Node, data: BillingDocumentData): void {
  const { method } = data.payment;
  if (!method) return;
  if (method === 'bank_transfer' && data.kind === 'credit_note') return;
  const means = cac(root, 'PaymentMeans');
  cbc(means, 'PaymentMeansCode', PAYMENT_MEANS[method].code, { name: PAYMENT_MEANS[method].name });
  if (method !== 'bank_transfer') {
    cbc(means, 'PaymentID', data.payment.providerRef);
    return;
  }
  cbc(means, 'PaymentID', data.payment.structuredReference);
  const account = cac(means, 'PayeeFinancialAccount');
  cbc(account, 'ID', data.payment.iban.replace(/\s+/g, '').toUpperCase());
  cbc(account, 'Name', data.payment.accountHolder);
  if (data.payment.bic.trim()) cbc(cac(account, 'FinancialInstitutionBranch'), 'ID', data.payment.bic.trim().toUpperCase());
}

function writeSubtotal(taxTotal: Node, row: VatSubtotal, data: BillingDocumentData, money: Money): void {
  const subtotal = cac(taxTotal, 'TaxSubtotal');
  writeMoney(subtotal, 'TaxableAmount', money(row.baseCents));
  writeMoney(subtotal, 'TaxAmount', money(row.taxCents));
  const category = cac(subtotal, 'TaxCategory');
  cbc(category, 'ID', row.category);
  // Category O carries no rate (BR-O-05 and its breakdown twin); AE says 0 (BR-AE-05).
  if (row.category !== 'O') cbc(category, 'Percent', percent(row.category === 'AE' ? 0 : row.rate));
  const exemption = exemptionOf(row.category, data.legalBasis);
  if (exemption) {
    cbc(category, 'TaxExemptionReasonCode', exemption.code);
    cbc(category, 'TaxExemptionReason', exemption.reason);
  }
  cbc(cac(category, 'TaxScheme'), 'ID', 'VAT');
}

function writeLine(root: Node, line: DocumentLine, position: number, data: BillingDocumentData, money: Money): void {
  const invoice = data.kind === 'invoice';
  const node = cac(root, invoice ? 'InvoiceLine' : 'CreditNoteLine');
  cbc(node, 'ID', String(position));
  // C62 "one": the unit of a hosting plan or a game server, counted as it is sold.
  cbc(node, invoice ? 'InvoicedQuantity' : 'CreditedQuantity', String(line.qty), { unitCode: 'C62' });
  writeMoney(node, 'LineExtensionAmount', money(line.netCents));
  const item = cac(node, 'Item');
  cbc(item, 'Description', line.description);
  cbc(item, 'Name', line.name);
  const category = cac(item, 'ClassifiedTaxCategory');
  cbc(category, 'ID', line.category);
  if (line.category !== 'O') cbc(category, 'Percent', percent(line.category === 'AE' ? 0 : line.rate));
  cbc(cac(category, 'TaxScheme'), 'ID', 'VAT');
  writeMoney(cac(node, 'Price'), 'PriceAmount', money(line.unitNetCents));
}
