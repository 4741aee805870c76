import type { Knex } from 'knex';
import type { UnusualPaymentKind, UnusualPaymentsCursor } from '../../../../shared/schemas/billing-payments';
import type { PaymentProvider } from '../../../providers/payments/types';

// Billing's list of payments in an unusual state (reads only): checkouts the sweep found pending or
// held at their provider, and the automatic refunds of money that came for a cancelled or paid order.

export interface UnusualPaymentRow {
  source: 's' | 'r';
  id: number;
  kind: UnusualPaymentKind;
  provider: PaymentProvider;
  provider_ref: string;
  order_id: number | null;
  amount_cents: number;
  currency: string;
  at: Date;
  /** `at` to the microsecond, as the cursor carries it. */
  at_text: string;
  refund_status: 'pending' | 'failed' | 'refunded' | null;
  provider_refund_id: string | null;
  customer_id: number | null;
  customer_name: string | null;
  customer_email: string | null;
}

const AT_TEXT = `to_char(%s AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Newest first across both sources, by keyset on (at, source, id): each source gives at most one
 * row more than a page from its own index, and the merge keeps the first `limit`.
 */
export async function listUnusualPayments(
  db: Knex,
  after: UnusualPaymentsCursor | undefined,
  limit: number,
): Promise<{ rows: UnusualPaymentRow[]; hasMore: boolean }> {
  const before = (at: string, source: 's' | 'r', id: string) => (after ? `AND (${at}, '${source}', ${id}) < (?::timestamptz, ?, ?)` : '');
  const cursor = after ? [after.at, after.source, after.id] : [];
  const result = await db.raw(
    `SELECT u.*, c.id AS customer_id, c.full_name AS customer_name, c.email AS customer_email
       FROM (
         (SELECT 's' AS source, s.id, s.provider_state AS kind, s.provider, s.provider_ref, s.order_id,
                 o.total_cents AS amount_cents, o.currency, s.provider_state_at AS at,
                 ${AT_TEXT.replace('%s', 's.provider_state_at')} AS at_text,
                 NULL::text AS refund_status, NULL::text AS provider_refund_id
            FROM payment_sessions s JOIN orders o ON o.id = s.order_id
           WHERE s.provider_state IS NOT NULL AND s.status IN ('open', 'expiring')
                 ${before('s.provider_state_at', 's', 's.id')}
           ORDER BY s.provider_state_at DESC, s.id DESC LIMIT ?)
         UNION ALL
         (SELECT 'r' AS source, r.id, r.reason AS kind, r.provider, r.provider_payment_id AS provider_ref, r.order_id,
                 r.amount_cents, r.currency, r.created_at AS at,
                 ${AT_TEXT.replace('%s', 'r.created_at')} AS at_text,
                 r.status AS refund_status, r.provider_refund_id
            FROM payment_refunds r
           WHERE r.reason <> 'staff'
                 ${before('r.created_at', 'r', 'r.id')}
           ORDER BY r.created_at DESC, r.id DESC LIMIT ?)
       ) u
       LEFT JOIN orders o ON o.id = u.order_id
       LEFT JOIN users c ON c.id = o.user_id
      ORDER BY u.at DESC, u.source DESC, u.id DESC
      LIMIT ?`,
    [...cursor, limit + 1, ...cursor, limit + 1, limit + 1],
  );
  const rows = result.rows as UnusualPaymentRow[];
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
