import type { BillingOrderDto } from '../../../../shared/schemas/staff/billing';
import { presentOrderEnding } from '../../orders/order-ending.presenter';
import type { BillingOrderRow } from './billing-list.repo';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An order as Billing shows it: money and payment facts, no payer IBAN, no provider ids. */
export function presentBillingOrder(row: BillingOrderRow): BillingOrderDto {
  return {
    id: row.id,
    user_id: row.user_id,
    client_name: row.client_name,
    client_email: row.client_email,
    status: row.status,
    payment_method: row.payment_method,
    total_cents: row.total_cents,
    currency: row.currency,
    created_at: row.created_at.toISOString(),
    due_at: iso(row.due_at),
    transfer_reference: row.transfer_reference,
    transfer_announced_at: iso(row.transfer_announced_at),
    invoice_number: row.invoice_number,
    paid_at: iso(row.paid_at),
    refunded_cents: row.refunded_cents,
    refundable_to_payment: row.refundable_to_payment,
    ...presentOrderEnding(row),
  };
}
