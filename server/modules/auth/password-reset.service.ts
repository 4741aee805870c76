import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { Language } from '../../../shared/i18n/languages';
import { hashOneTimeToken, newOneTimeToken } from '../../security/one-time-token';
import { hashPassword } from '../../security/passwords';
import { writeAudit } from '../audit/audit.repo';
import type { Mailer } from '../mail/mail.service';
import { InvalidTokenError } from './auth.errors';
import type { RequestContext } from '../../http/request-context';
import { recipient } from './auth.service';
import { revokeAllSessions } from './sessions.repo';
import { consumeToken, findUsableToken, issueToken } from './tokens.repo';
import { findUserByEmail, setPasswordHash, type UserRow } from './users.repo';

export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

/** VAT numbers compare without spaces or dots, in capitals ("be 0123.456.789" = "BE0123456789"). */
export function normaliseVat(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[\s.]/g, '');
}

function mayReset(user: UserRow, tva: string | null): boolean {
  if (user.user_type !== 'business') return true;
  const expected = normaliseVat(user.vat_number);
  return expected !== '' && normaliseVat(tva) === expected;
}

export function createPasswordResetService({ db, mailer, clock }: { db: Knex; mailer: Mailer; clock: Clock }) {
  return {
    /**
     * Sends a reset link when the account exists (and, for a business, the VAT number matches).
     * The caller answers the same either way; the mail leaves in the background.
     */
    async requestReset(input: { email: string; tva: string | null; language?: Language }): Promise<void> {
      const user = await findUserByEmail(db, input.email);
      if (!user || !mayReset(user, input.tva)) return;
      const token = newOneTimeToken();
      const mailId = await db.transaction(async (trx) => {
        await issueToken(trx, {
          userId: user.id,
          purpose: 'reset_password',
          hash: token.hash,
          expiresAt: new Date(clock.now().getTime() + RESET_PASSWORD_TTL_MS),
        });
        const to = { ...recipient(user), language: input.language ?? user.language };
        return mailer.queuePasswordReset(trx, to, token.value);
      });
      mailer.send([mailId]);
    },

    async isUsable(token: string): Promise<boolean> {
      return (await findUsableToken(db, 'reset_password', hashOneTimeToken(token), clock.now())) !== null;
    },

    async resetPassword(input: { token: string; newPassword: string }, ctx: RequestContext): Promise<void> {
      const hash = hashOneTimeToken(input.token);
      // Cheap check first: an invalid link costs no argon2 work. The consume below decides.
      if ((await findUsableToken(db, 'reset_password', hash, clock.now())) === null) throw InvalidTokenError();
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (trx) => {
        const now = clock.now();
        const userId = await consumeToken(trx, 'reset_password', hash, now);
        if (userId === null) throw InvalidTokenError();
        await setPasswordHash(trx, userId, passwordHash, now);
        await revokeAllSessions(trx, userId, now);
        await writeAudit(trx, {
          actorId: userId,
          action: 'user.reset_password',
          entityType: 'user',
          entityId: userId,
          ip: ctx.ip,
        });
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
