import type { EinvoiceDeliveryDto } from '../../../../shared/schemas/einvoice-deliveries';
import { canResend, isBlockedByValidation } from './delivery-policy';
import type { DeliveryEventRow, DeliveryListRow } from './einvoice-deliveries.repo';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What Billing shows of a delivery: every field named here, nothing else leaves. */
export function presentDelivery(row: DeliveryListRow, events: DeliveryEventRow[]): EinvoiceDeliveryDto {
  return {
    id: row.id,
    document_id: row.document_id,
    document_number: row.document_number,
    document_kind: row.document_kind,
    issued_at: row.issued_at.toISOString(),
    customer_name: row.customer_name ?? '',
    customer_email: row.customer_email,
    recipient: `${row.recipient_scheme}:${row.recipient_id}`,
    access_point: row.access_point,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'queued' && row.attempts > 0 ? iso(row.next_attempt_at) : null,
    last_error: row.last_error,
    rejection_reason: row.rejection_reason,
    validation_errors: isBlockedByValidation(row) ? (row.validation?.errors ?? []).map(({ rule, message }) => ({ rule, message })) : [],
    ap_verdict: row.ap_verdict,
    queued_at: row.queued_at.toISOString(),
    sent_at: iso(row.sent_at),
    delivered_at: iso(row.delivered_at),
    updated_at: row.updated_at.toISOString(),
    can_resend: canResend(row.status, row),
    events: events.map((e) => ({ status: e.status, detail: e.detail, actor_name: e.actor_name, at: e.created_at.toISOString() })),
  };
}
