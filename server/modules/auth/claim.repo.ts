import type { Knex } from 'knex';

/** What a claim took away from the account's unproven holder, counted for the audit row. */
export interface WipedCredentials {
  secondFactor: boolean;
  recoveryCodes: number;
  pendingEmailChanges: number;
  loginCodes: number;
  oneTimeTokens: number;
}

/**
 * Everything the holder of an unverified account could have set up to get back in once its
 * owner claims it (besides the password and sessions, which linkDiscordAccount and
 * revokeAllSessions end): the second factor and its recovery codes, its login challenges and
 * failure count, pending e-mail changes, Discord hand-over codes, unused mailed tokens.
 */
export async function wipeClaimedCredentials(trx: Knex, userId: number): Promise<WipedCredentials> {
  const secondFactor = (await trx('user_second_factors').where({ user_id: userId }).delete()) > 0;
  const recoveryCodes = await trx('user_recovery_codes').where({ user_id: userId }).delete();
  await trx('second_factor_challenges').where({ user_id: userId }).delete();
  await trx('second_factor_failures').where({ user_id: userId }).delete();
  const pendingEmailChanges = await trx('email_changes').where({ user_id: userId }).whereNull('used_at').delete();
  const loginCodes = await trx('login_codes').where({ user_id: userId }).whereNull('used_at').delete();
  const oneTimeTokens = await trx('one_time_tokens').where({ user_id: userId }).whereNull('used_at').delete();
  return { secondFactor, recoveryCodes, pendingEmailChanges, loginCodes, oneTimeTokens };
}
