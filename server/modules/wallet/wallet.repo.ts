import type { Knex } from 'knex';

export interface WalletMovementRow {
  id: number;
  type: string;
  amount_cents: number;
  description: string;
  order_id: number | null;
  created_at: Date;
}

/** The customer's balance and latest movements, newest first. */
export async function customerWallet(db: Knex, userId: number, limit = 20) {
  const user = (await db('users').where({ id: userId }).first('wallet_cents', 'currency')) as {
    wallet_cents: number;
    currency: string;
  };
  const movements: WalletMovementRow[] = await db('wallet_transactions')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('id', 'type', 'amount_cents', 'description', 'order_id', 'created_at');
  return { balanceCents: user.wallet_cents, currency: user.currency, movements };
}

/** Takes `cents` from the balance with one conditional UPDATE: null (nothing taken) when it is short. */
export async function debitWallet(trx: Knex, userId: number, cents: number, at: Date): Promise<number | null> {
  const [wallet] = (await trx('users')
    .where({ id: userId })
    .andWhere('wallet_cents', '>=', cents)
    .update({ wallet_cents: trx.raw('wallet_cents - ?', [cents]), updated_at: at }, ['wallet_cents'])) as {
    wallet_cents: number;
  }[];
  return wallet ? wallet.wallet_cents : null;
}

/**
 * Adds `cents` of `currency` to the balance; answers the new balance, or null (nothing added) when
 * the wallet holds another currency: a wallet has one currency, and an amount never changes its own.
 */
export async function creditWallet(trx: Knex, userId: number, cents: number, currency: string, at: Date): Promise<number | null> {
  const [wallet] = (await trx('users')
    .where({ id: userId, currency })
    .update({ wallet_cents: trx.raw('wallet_cents + ?', [cents]), updated_at: at }, ['wallet_cents'])) as {
    wallet_cents: number;
  }[];
  return wallet ? wallet.wallet_cents : null;
}

/** The wallet's currency and balance (the customer's currency, fixed at registration). */
export async function walletOf(trx: Knex, userId: number): Promise<{ currency: string; balanceCents: number } | undefined> {
  const row = (await trx('users').where({ id: userId }).first('currency', 'wallet_cents')) as
    { currency: string; wallet_cents: number } | undefined;
  return row && { currency: row.currency, balanceCents: row.wallet_cents };
}

export async function walletBalance(trx: Knex, userId: number): Promise<number> {
  const row = (await trx('users').where({ id: userId }).first('wallet_cents')) as { wallet_cents: number };
  return row.wallet_cents;
}

/** One movement of the wallet (debit for an invoice, refund from staff); answers its id. */
export async function insertWalletMovement(
  trx: Knex,
  movement: { user_id: number; type: 'debit' | 'refund'; amount_cents: number; description: string; order_id: number },
  at: Date,
): Promise<number> {
  const [row] = (await trx('wallet_transactions').insert({ ...movement, created_at: at }, ['id'])) as { id: number }[];
  return row!.id;
}
