import type { Knex } from 'knex';

export interface WalletMovementRow {
  id: number;
  type: string;
  amount_cents: string | number;
  description: string;
  order_id: number | null;
  created_at: Date;
}

/** The customer's balance and latest movements, newest first. */
export async function customerWallet(db: Knex, userId: number, limit = 20) {
  const user = (await db('users').where({ id: userId }).first('wallet_cents', 'currency')) as { wallet_cents: string | number; currency: string };
  const movements: WalletMovementRow[] = await db('wallet_transactions')
    .where({ user_id: userId })
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(limit)
    .select('id', 'type', 'amount_cents', 'description', 'order_id', 'created_at');
  return { balanceCents: Number(user.wallet_cents), currency: user.currency, movements };
}
