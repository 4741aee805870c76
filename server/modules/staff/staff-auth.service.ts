import type { Knex } from 'knex';
import { verifyPassword } from '../../security/passwords';
import { writeAudit } from '../audit/audit.repo';
import type { RequestContext } from '../../http/request-context';
import type { Sessions } from '../auth/sessions.service';
import type { UserRow } from '../auth/users.repo';
import { SecondFactorRequired } from '../two-factor/two-factor.errors';
import { isSecondFactorEnabled } from '../two-factor/two-factor.repo';
import { authorize } from '../../policies/authorize';
import { WrongAdminPassword } from '../../policies/denials';

/**
 * The admin password check (DESIGN.md §3): the per-staff admin password, separate from the login
 * one, gives the short-lived staff token, a staff session opened under the caller's login session
 * (logging that one out ends it too). The passage is audited.
 */
export function createStaffAuth({ db, sessions }: { db: Knex; sessions: Sessions }) {
  async function verifyAdminPassword(user: UserRow, loginSessionId: string, password: string, ctx: RequestContext): Promise<string> {
    // Always hashed, so a customer's refusal takes as long as a wrong password's and looks the same.
    const matches = await verifyPassword(user.admin_password_hash, password);
    authorize(user, 'backOffice.open');
    if (!matches) throw WrongAdminPassword();
    // The admin password step stays; before it opens anything, the staff member enrols a second factor.
    if (!(await isSecondFactorEnabled(db, user.id))) throw SecondFactorRequired();
    await writeAudit(db, { actorId: user.id, action: 'staff.verified', entityType: 'user', entityId: user.id, ip: ctx.ip });
    return sessions.openStaff(user.id, loginSessionId, ctx);
  }

  return { verifyAdminPassword };
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
