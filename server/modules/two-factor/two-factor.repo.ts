import type { Knex } from 'knex';

export interface SecondFactorRow {
  user_id: number;
  totp_secret_encrypted: string;
  enabled_at: Date | null;
  last_used_step: string | null;
}

export function findSecondFactor(db: Knex, userId: number): Promise<SecondFactorRow | undefined> {
  return db<SecondFactorRow>('user_second_factors').where({ user_id: userId }).first();
}

export async function isSecondFactorEnabled(db: Knex, userId: number): Promise<boolean> {
  const row = await db('user_second_factors').where({ user_id: userId }).whereNotNull('enabled_at').first('user_id');
  return row !== undefined;
}

/** A new enrolment (not enabled yet): replaces a pending one, never an enabled one. */
export async function savePendingSecret(db: Knex, userId: number, sealed: string, now: Date): Promise<boolean> {
  const rows = await db.raw(
    `INSERT INTO user_second_factors (user_id, totp_secret_encrypted, created_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET totp_secret_encrypted = EXCLUDED.totp_secret_encrypted, last_used_step = NULL, updated_at = EXCLUDED.updated_at
     WHERE user_second_factors.enabled_at IS NULL
     RETURNING user_id`,
    [userId, sealed, now, now],
  );
  return (rows.rows as unknown[]).length === 1;
}

/** An enabled factor, as the demo seed and the tests put one in place. */
export async function saveEnabledSecret(db: Knex, userId: number, sealed: string, now: Date): Promise<void> {
  await db.raw(
    `INSERT INTO user_second_factors (user_id, totp_secret_encrypted, enabled_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET totp_secret_encrypted = EXCLUDED.totp_secret_encrypted, enabled_at = EXCLUDED.enabled_at, last_used_step = NULL, updated_at = EXCLUDED.updated_at`,
    [userId, sealed, now, now, now],
  );
}

export function markEnabled(db: Knex, userId: number, now: Date): Promise<number> {
  return db('user_second_factors').where({ user_id: userId }).whereNull('enabled_at').update({ enabled_at: now, updated_at: now });
}

/**
 * Records `step` as used, only if it is newer than the last one: false means the code (or an
 * older one) was already spent, even by a request racing this one.
 */
export async function claimStep(db: Knex, userId: number, step: number, now: Date): Promise<boolean> {
  const updated = await db('user_second_factors')
    .where({ user_id: userId })
    .andWhere((q) => q.whereNull('last_used_step').orWhere('last_used_step', '<', step))
    .update({ last_used_step: step, updated_at: now });
  return updated === 1;
}

export async function deleteSecondFactor(db: Knex, userId: number): Promise<boolean> {
  await db('user_recovery_codes').where({ user_id: userId }).delete();
  return (await db('user_second_factors').where({ user_id: userId }).delete()) === 1;
}

export async function replaceRecoveryCodes(db: Knex, userId: number, hashes: string[]): Promise<void> {
  await db('user_recovery_codes').where({ user_id: userId }).delete();
  await db('user_recovery_codes').insert(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
}

/** Spends one unused recovery code; false when it is unknown or already used. */
export async function spendRecoveryCode(db: Knex, userId: number, hash: string, now: Date): Promise<boolean> {
  const updated = await db('user_recovery_codes').where({ user_id: userId, code_hash: hash }).whereNull('used_at').update({ used_at: now });
  return updated === 1;
}

export async function countUnusedRecoveryCodes(db: Knex, userId: number): Promise<number> {
  const row = await db('user_recovery_codes').where({ user_id: userId }).whereNull('used_at').count<{ n: number }[]>({ n: '*' }).first();
  return row?.n ?? 0;
}

// Login challenges: the token's hash, its user, the wrong codes tried against it.

export async function insertChallenge(db: Knex, row: { tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
  await db('second_factor_challenges').insert({ token_hash: row.tokenHash, user_id: row.userId, expires_at: row.expiresAt });
}

export interface ChallengeRow {
  token_hash: string;
  user_id: number;
  failed_attempts: number;
  expires_at: Date;
  used_at: Date | null;
}

/** A live challenge (unused, not expired, not worn out by wrong codes), locked for this attempt. */
export function findLiveChallenge(db: Knex, tokenHash: string, maxFailures: number, now: Date): Promise<ChallengeRow | undefined> {
  return db<ChallengeRow>('second_factor_challenges')
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .where('failed_attempts', '<', maxFailures)
    .forUpdate()
    .first();
}

export function countChallengeFailure(db: Knex, tokenHash: string): Promise<number> {
  return db('second_factor_challenges').where({ token_hash: tokenHash }).increment('failed_attempts', 1);
}

export function markChallengeUsed(db: Knex, tokenHash: string, now: Date): Promise<number> {
  return db('second_factor_challenges').where({ token_hash: tokenHash }).update({ used_at: now });
}

/**
 * Counts one code attempt against the account's window (a fixed quarter hour from its first
 * attempt) in a single statement and answers the count with it. Attempts sent at once queue on the
 * account's row, so each reads the count the previous one left: no two pass on the same number.
 */
export async function countAccountAttempt(db: Knex, userId: number, windowSeconds: number, now: Date): Promise<number> {
  // The window's start is the clock's time (EXCLUDED.window_started_at), compared with it.
  const result = await db.raw(
    `INSERT INTO second_factor_failures AS f (user_id, window_started_at, failures) VALUES (?, ?::timestamptz, 1)
     ON CONFLICT (user_id) DO UPDATE SET
       failures = CASE WHEN f.window_started_at <= EXCLUDED.window_started_at - make_interval(secs => ?) THEN 1 ELSE f.failures + 1 END,
       window_started_at = CASE WHEN f.window_started_at <= EXCLUDED.window_started_at - make_interval(secs => ?) THEN EXCLUDED.window_started_at ELSE f.window_started_at END
     RETURNING failures`,
    [userId, now, windowSeconds, windowSeconds],
  );
  return (result.rows as { failures: number }[])[0]?.failures ?? 0;
}

/** A right code gives its attempt back: only wrong ones use up the account's allowance. */
export function giveBackAccountAttempt(db: Knex, userId: number): Promise<number> {
  return db('second_factor_failures').where({ user_id: userId }).where('failures', '>', 0).decrement('failures', 1);
}

/** A new enrolment through the mailed link ends the link requirement (staff after a reset). */
export function clearEnrolmentLinkRequirement(db: Knex, userId: number, now: Date): Promise<number> {
  return db('users').where({ id: userId }).update({ second_factor_link_required: false, updated_at: now });
}

/** After an admin's reset: the password alone may no longer enrol a factor. */
export function requireEnrolmentLink(db: Knex, userId: number, now: Date): Promise<number> {
  return db('users').where({ id: userId }).update({ second_factor_link_required: true, updated_at: now });
}

export function deleteChallengesOf(db: Knex, userId: number): Promise<number> {
  return db('second_factor_challenges').where({ user_id: userId }).delete();
}
