import type { Knex } from 'knex';
import type { TransactionDto } from '../../../../shared/schemas/staff/profile';

/** How many transactions the profile table shows (the most recent ones). */
export const RECENT_TRANSACTIONS = 50;

interface TransactionRow {
  id: number;
  type: string;
  amount_cents: number;
  description: string;
  created_at: Date;
}

/** A user's most recent wallet movements, newest first (index user_id, created_at). */
export async function listRecentTransactions(db: Knex, userId: number, limit = RECENT_TRANSACTIONS): Promise<TransactionDto[]> {
  const rows: TransactionRow[] = await db('wallet_transactions')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('id', 'type', 'amount_cents', 'description', 'created_at');
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    amountCents: r.amount_cents,
    date: r.created_at.toISOString(),
    description: r.description,
  }));
}
