import type { Knex } from 'knex';
import { decryptSecret, encryptSecret } from '../server/crypto/secret-box';
import { saveEnabledSecret } from '../server/modules/two-factor/two-factor.repo';
import { DEMO_TOTP_SECRETS } from './accounts';

/**
 * The demo staff accounts with their second factor enrolled (README's demo table). A factor already
 * holding the documented secret is kept as it is (its last used code too), so a restart neither
 * rewrites the row nor lets a spent code be played again.
 */
export async function seedSecondFactors(db: Knex, users: Map<string, number>, encryptionKey: string): Promise<void> {
  for (const [email, secret] of Object.entries(DEMO_TOTP_SECRETS)) {
    const userId = users.get(email);
    if (userId === undefined) throw new Error(`seed: no demo account ${email}`);
    const row = await db('user_second_factors')
      .where({ user_id: userId })
      .first<{ totp_secret_encrypted: string; enabled_at: Date | null }>();
    if (row?.enabled_at && sameSecret(row.totp_secret_encrypted, secret, encryptionKey)) continue;
    await saveEnabledSecret(db, userId, encryptSecret(secret, encryptionKey), new Date());
  }
}

function sameSecret(sealed: string, secret: string, key: string): boolean {
  try {
    return decryptSecret(sealed, key) === secret;
  } catch {
    return false; // sealed with another key: seeded again below
  }
}
