import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { isStaffRole } from '../../../shared/staff/permissions';
import { hashOneTimeToken } from '../../security/one-time-token';
import type { RequestContext } from '../../http/request-context';
import { consumeToken, findUsableToken } from '../auth/tokens.repo';
import { findUserById, type UserRow } from '../auth/users.repo';
import { InvalidAccountCode, InvalidEnrolmentLink } from './two-factor.errors';
import { clearEnrolmentLinkRequirement } from './two-factor.repo';
import type { TwoFactor } from './two-factor.service';

const PURPOSE = 'staff_second_factor_enrolment';

/**
 * A staff member enrols again after an admin reset their second factor, through the one-time link
 * mailed to their address (issue 29): the link shows a new secret as often as it is opened, and is
 * spent by the first right code, which turns the factor on. A wrong code spends nothing.
 */
export function createStaffEnrolmentLink({ db, twoFactor, clock }: { db: Knex; twoFactor: TwoFactor; clock: Clock }) {
  /** The staff member a link still enrols, or undefined (unknown, spent, expired, no longer staff). */
  async function holderOf(trx: Knex, userId: number | null): Promise<UserRow | undefined> {
    if (userId === null) return undefined;
    const user = await findUserById(trx, userId);
    return user && isStaffRole(user.role) && user.second_factor_link_required && !user.deleted_at ? user : undefined;
  }

  return {
    async setup(token: string) {
      const user = await holderOf(db, await findUsableToken(db, PURPOSE, hashOneTimeToken(token), clock.now()));
      if (!user) throw InvalidEnrolmentLink();
      return twoFactor.newSecretFor(user);
    },

    async confirm(token: string, code: string, ctx: RequestContext): Promise<string[]> {
      const result = await db.transaction(async (trx) => {
        // Spent first, in one statement: two confirmations racing, one wins. A wrong code rolls it back.
        const user = await holderOf(trx, await consumeToken(trx, PURPOSE, hashOneTimeToken(token), clock.now()));
        if (!user) throw InvalidEnrolmentLink();
        const enabled = await twoFactor.enableWithin(trx, user, code, ctx);
        if (!enabled) throw InvalidAccountCode();
        await clearEnrolmentLinkRequirement(trx, user.id, clock.now());
        return enabled;
      });
      if (result.mailId !== null) twoFactor.sendMail(result.mailId);
      return result.codes;
    },
  };
}

export type StaffEnrolmentLink = ReturnType<typeof createStaffEnrolmentLink>;
