import type { Knex } from 'knex';
import {
  parseUnusualPaymentsCursor,
  type UnusualPaymentDto,
  type UnusualPaymentsPageDto,
  type UnusualPaymentsQuery,
} from '../../../../shared/schemas/billing-payments';
import { listUnusualPayments, type UnusualPaymentRow } from './unusual-payments.repo';

function present(row: UnusualPaymentRow): UnusualPaymentDto {
  return {
    key: `${row.source}${row.id}`,
    kind: row.kind,
    provider: row.provider,
    providerRef: row.provider_ref,
    orderId: row.order_id,
    customer: row.customer_id === null ? null : { id: row.customer_id, name: row.customer_name ?? '', email: row.customer_email ?? '' },
    amountCents: row.amount_cents,
    currency: row.currency.trim(),
    at: new Date(row.at).toISOString(),
    refund: row.refund_status === null ? null : { status: row.refund_status, providerRefundId: row.provider_refund_id },
  };
}

/** One page of Billing's payments in an unusual state; `next` is the last row's place (see the schema's cursor). */
export async function unusualPaymentsPage(db: Knex, query: UnusualPaymentsQuery): Promise<UnusualPaymentsPageDto> {
  const after = query.after === undefined ? undefined : (parseUnusualPaymentsCursor(query.after) ?? undefined);
  const { rows, hasMore } = await listUnusualPayments(db, after, query.limit);
  const last = rows.at(-1);
  return { payments: rows.map(present), next: hasMore && last ? `${last.at_text}_${last.source}_${last.id}` : null };
}
