import type { BillingDocumentDto } from '../../../shared/schemas/billing-documents';
import type { ListedDocumentRow } from './billing-documents.repo';

/** One issued document as Billing lists it: a credit note's amount is the money it gave back. */
export function presentDocument(row: ListedDocumentRow): BillingDocumentDto {
  const validation = row.validation;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issued_at: new Date(row.issued_at).toISOString(),
    order_id: row.order_id,
    user_id: row.user_id,
    customer_name: row.data.buyer.name,
    customer_email: row.customer_email,
    buyer_vat_number: row.data.buyer.vatNumber,
    vat_scheme: row.data.vatScheme,
    net_cents: row.net_cents,
    tax_cents: row.tax_cents,
    total_cents: row.kind === 'credit_note' ? row.payable_cents : row.total_cents,
    currency: row.currency,
    payment_method: row.data.payment.method,
    corrects_number: row.corrects_number,
    validation: validation
      ? { valid: validation.valid, errors: validation.errors, warnings: validation.warnings, checked_at: validation.checkedAt }
      : null,
  };
}
