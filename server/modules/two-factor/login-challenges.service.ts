import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { hashOneTimeToken, newOneTimeToken } from '../../security/one-time-token';
import { writeAudit } from '../audit/audit.repo';
import type { RequestContext } from '../../http/request-context';
import type { Session } from '../auth/auth.service';
import type { Sessions } from '../auth/sessions.service';
import { findUserById } from '../auth/users.repo';
import { ChallengeExpired, InvalidLoginCode, TooManyCodes } from './two-factor.errors';
import {
  countAccountAttempt,
  countChallengeFailure,
  findLiveChallenge,
  giveBackAccountAttempt,
  insertChallenge,
  isSecondFactorEnabled,
  markChallengeUsed,
} from './two-factor.repo';
import type { SecondFactorCode, TwoFactor } from './two-factor.service';

/** Five minutes to open the app and type the code; a challenge is not a session and opens nothing else. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes one challenge takes before the password is asked again. */
export const CHALLENGE_MAX_FAILURES = 5;
/** Wrong codes for one account per quarter hour, whatever the challenges and addresses (as login's 10). */
export const ACCOUNT_MAX_FAILURES = 10;
const FAILURE_WINDOW_SECONDS = 15 * 60;

/**
 * The step after a correct password when a second factor is on: the password gives a challenge
 * (a random token whose hash is kept, five minutes, single use), and the challenge with a right
 * code gives the session. Discord logins go through the same step.
 */
export function createLoginChallenges({
  db,
  sessions,
  twoFactor,
  clock,
}: {
  db: Knex;
  sessions: Sessions;
  twoFactor: TwoFactor;
  clock: Clock;
}) {
  return {
    /** A challenge when the user has a second factor on; null when the password alone opens the session. */
    async challengeFor(userId: number): Promise<string | null> {
      if (!(await isSecondFactorEnabled(db, userId))) return null;
      const token = newOneTimeToken();
      await insertChallenge(db, { tokenHash: token.hash, userId, expiresAt: new Date(clock.now().getTime() + CHALLENGE_TTL_MS) });
      return token.value;
    },

    async complete(challenge: string, given: SecondFactorCode, ctx: RequestContext): Promise<Session> {
      const tokenHash = hashOneTimeToken(challenge);
      // A wrong code is counted in a transaction of its own: the refusal must not roll it back.
      const outcome = await db.transaction(async (trx) => {
        const now = clock.now();
        const live = await findLiveChallenge(trx, tokenHash, CHALLENGE_MAX_FAILURES, now);
        if (!live) return { kind: 'expired' as const };
        // Counted before the code is checked, atomically: codes sent at once each take their own number.
        if ((await countAccountAttempt(trx, live.user_id, FAILURE_WINDOW_SECONDS, now)) > ACCOUNT_MAX_FAILURES) {
          return { kind: 'locked' as const };
        }
        const spent = await twoFactor.spendLoginCode(trx, live.user_id, given);
        if (!spent) {
          await countChallengeFailure(trx, tokenHash);
          return { kind: 'wrong' as const };
        }
        await giveBackAccountAttempt(trx, live.user_id);
        const user = await findUserById(trx, live.user_id);
        if (!user) return { kind: 'expired' as const };
        await markChallengeUsed(trx, tokenHash, now);
        if (spent === 'recovery') {
          await writeAudit(trx, { actorId: user.id, action: 'user.recovery_code_used', entityType: 'user', entityId: user.id, ip: ctx.ip });
        }
        return { kind: 'ok' as const, session: { user, token: await sessions.open(user.id, ctx, trx) } };
      });
      if (outcome.kind === 'expired') throw ChallengeExpired();
      if (outcome.kind === 'locked') throw TooManyCodes();
      if (outcome.kind === 'wrong') throw InvalidLoginCode();
      return outcome.session;
    },
  };
}

export type LoginChallenges = ReturnType<typeof createLoginChallenges>;
