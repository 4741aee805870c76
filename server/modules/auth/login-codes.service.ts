import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { hashOneTimeToken, newOneTimeToken } from '../../security/one-time-token';
import { InvalidLoginCodeError } from './auth.errors';
import type { RequestContext } from '../../http/request-context';
import type { SecondFactorGate, SecondFactorStep, Session } from './auth.service';
import { consumeLoginCode, insertLoginCode } from './login-codes.repo';
import type { Sessions } from './sessions.service';
import { findUserById } from './users.repo';

export const LOGIN_CODE_TTL_MS = 60_000;

/**
 * The hand-over of a Discord login to the page (DESIGN.md §6 "Sessions"): no session token ever
 * travels in a URL. The callback gets a code that is valid one minute, once, and only together with
 * a secret it puts in the same browser's cookie; the page spends both in a POST for the session.
 */
export function createLoginCodes({
  db,
  clock,
  sessions,
  secondFactor,
}: {
  db: Knex;
  clock: Clock;
  sessions: Sessions;
  /** With a second factor on, the code gives its challenge instead of the session. */
  secondFactor?: SecondFactorGate;
}) {
  return {
    /** A code for the URL and the browser secret for the cookie; the database keeps their hashes. */
    async issue(userId: number): Promise<{ code: string; browserSecret: string }> {
      const code = newOneTimeToken();
      const browser = newOneTimeToken();
      const now = clock.now();
      await insertLoginCode(db, {
        codeHash: code.hash,
        browserHash: browser.hash,
        userId,
        expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
        now,
      });
      return { code: code.value, browserSecret: browser.value };
    },

    /**
     * Spends the code for a new session (or the second factor's challenge); a spent, expired or
     * unknown code, or another browser, is 400.
     */
    async exchange(code: string, browserSecret: string | undefined, ctx: RequestContext): Promise<Session | SecondFactorStep> {
      if (!browserSecret) throw InvalidLoginCodeError();
      return db.transaction(async (trx) => {
        const userId = await consumeLoginCode(trx, {
          codeHash: hashOneTimeToken(code),
          browserHash: hashOneTimeToken(browserSecret),
          now: clock.now(),
        });
        const user = userId === null ? undefined : await findUserById(trx, userId);
        if (!user) throw InvalidLoginCodeError();
        const challenge = await secondFactor?.challengeFor(user.id);
        if (challenge) return { secondFactorRequired: true as const, challenge };
        return { user, token: await sessions.open(user.id, ctx, trx) };
      });
    },
  };
}

export type LoginCodes = ReturnType<typeof createLoginCodes>;
