import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import { STAFF_ROLES, type StaffRole } from '../../../../shared/staff/permissions';
import { hashPassword } from '../../../security/passwords';
import { writeAudit } from '../../audit/audit.repo';
import { revokeStaffSessions } from '../../auth/sessions.repo';
import { findUserByEmail } from '../../auth/users.repo';
import { insertStaffAccount, promoteToStaff } from './staff-create.repo';

/** Staff passwords open every customer's servers and money: longer than a customer's. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export class StaffCreateError extends Error {
  override name = 'StaffCreateError';
}

export interface StaffCreateInput {
  email: string;
  role: StaffRole;
  fullName?: string;
  /** The login password: required for a new account; for an existing one, replaces it when given. */
  password?: string;
  /** The back-office's second password (the "Mot de passe administrateur" step). */
  adminPassword: string;
}

/**
 * Creates a staff account, or promotes an existing one (the first admin of a new shop: there is
 * no other way in without SQL). Audited with no actor (the operator's command). A promoted
 * account's staff sessions end, so its next back-office visit asks for the new admin password.
 */
export async function createOrPromoteStaff(db: Knex, input: StaffCreateInput, clock: Clock): Promise<{ id: number; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new StaffCreateError('--email: not an e-mail address');
  if (!STAFF_ROLES.includes(input.role)) throw new StaffCreateError(`--role: one of ${STAFF_ROLES.join(', ')}`);
  for (const [name, value] of [
    ['password', input.password],
    ['admin password', input.adminPassword],
  ] as const) {
    if (value !== undefined && value.length < STAFF_PASSWORD_MIN_LENGTH) {
      throw new StaffCreateError(`the ${name} needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
    }
  }
  if (input.password !== undefined && input.password === input.adminPassword) {
    throw new StaffCreateError('the admin password must differ from the login password');
  }
  const existing = await findUserByEmail(db, email);
  if (!existing && input.password === undefined) throw new StaffCreateError('a new account needs a login password (STAFF_PASSWORD)');
  if (existing?.deleted_at) throw new StaffCreateError('this account was deleted');

  const adminPasswordHash = await hashPassword(input.adminPassword);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const now = clock.now();
    if (existing) {
      await promoteToStaff(trx, existing.id, { role: input.role, adminPasswordHash, passwordHash }, now);
      await revokeStaffSessions(trx, existing.id, now);
      await writeAudit(trx, {
        actorId: null,
        action: 'staff.promote',
        entityType: 'user',
        entityId: existing.id,
        before: { role: existing.role },
        after: { role: input.role, via: 'staff:create', loginPasswordChanged: passwordHash !== null },
      });
      return { id: existing.id, created: false };
    }
    const row = await insertStaffAccount(
      trx,
      {
        email,
        fullName: input.fullName?.trim() || email.split('@')[0]!,
        role: input.role,
        passwordHash: passwordHash!,
        adminPasswordHash,
      },
      now,
    );
    await writeAudit(trx, {
      actorId: null,
      action: 'staff.create',
      entityType: 'user',
      entityId: row.id,
      after: { email, role: input.role, via: 'staff:create' },
    });
    return { id: row.id, created: true };
  });
}
