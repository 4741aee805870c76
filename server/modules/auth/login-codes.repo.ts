import type { Knex } from 'knex';

/** Stores a Discord login's hand-over code (hashes only); codes long expired are swept on the way. */
export async function insertLoginCode(
  db: Knex,
  code: { codeHash: string; browserHash: string; userId: number; expiresAt: Date; now: Date },
): Promise<void> {
  await db('login_codes').where('expires_at', '<', code.now).delete();
  await db('login_codes').insert({
    code_hash: code.codeHash,
    browser_hash: code.browserHash,
    user_id: code.userId,
    expires_at: code.expiresAt,
  });
}

/**
 * Spends a code in one statement (two exchanges racing: one wins), only for the browser it was
 * handed to and before it expires; its user id, or null. A wrong browser spends nothing.
 */
export async function consumeLoginCode(db: Knex, key: { codeHash: string; browserHash: string; now: Date }): Promise<number | null> {
  const [row] = await db('login_codes')
    .where({ code_hash: key.codeHash, browser_hash: key.browserHash })
    .whereNull('used_at')
    .where('expires_at', '>', key.now)
    .update({ used_at: key.now })
    .returning('user_id');
  return (row as { user_id: number } | undefined)?.user_id ?? null;
}

/** Hand-over codes past their minute (the daily prune); answers how many went. */
export function deleteExpiredLoginCodes(db: Knex, now: Date): Promise<number> {
  return db('login_codes').where('expires_at', '<', now).delete();
}
