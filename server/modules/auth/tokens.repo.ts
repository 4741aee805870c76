import type { Knex } from 'knex';
import type { ONE_TIME_TOKEN_PURPOSES } from '../../../shared/constants';

export type TokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** Stores a token's hash; the user's older unused tokens of the same purpose stop working. */
export async function issueToken(db: Knex, token: { userId: number; purpose: TokenPurpose; hash: string; expiresAt: Date }): Promise<void> {
  await db('one_time_tokens').where({ user_id: token.userId, purpose: token.purpose }).whereNull('used_at').delete();
  await db('one_time_tokens').insert({
    user_id: token.userId,
    purpose: token.purpose,
    token_hash: token.hash,
    expires_at: token.expiresAt,
  });
}

/** Marks a valid token used in one statement (two requests racing: one wins); its user id, or null. */
export async function consumeToken(db: Knex, purpose: TokenPurpose, hash: string, now: Date): Promise<number | null> {
  const [row] = await db('one_time_tokens')
    .where({ purpose, token_hash: hash })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .update({ used_at: now })
    .returning('user_id');
  return (row as { user_id: number } | undefined)?.user_id ?? null;
}

/** The user id of a token still usable, or null; changes nothing. */
export async function findUsableToken(db: Knex, purpose: TokenPurpose, hash: string, now: Date): Promise<number | null> {
  const row = await db('one_time_tokens')
    .where({ purpose, token_hash: hash })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .first('user_id');
  return (row as { user_id: number } | undefined)?.user_id ?? null;
}
