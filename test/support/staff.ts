import type { Knex } from 'knex';
import type { StaffRole } from '../../shared/staff/permissions';
import { signStaffToken } from '../../server/security/jwt';
import { TEST_JWT_SECRET } from './app';
import { buildAccount } from './accounts';
import { testPasswordHash } from './passwords';

export const STAFF_ADMIN_PASSWORD = 'Admin-pass-1';

/** A staff member with an admin password; support agents are on duty unless told otherwise. */
export async function buildStaff(db: Knex, role: StaffRole, options: { online?: boolean; fullName?: string } = {}) {
  return buildAccount(db, {
    role,
    full_name: options.fullName ?? `Agent ${role}`,
    is_online: options.online ?? role === 'support',
    admin_password_hash: await testPasswordHash(STAFF_ADMIN_PASSWORD),
    email_verified_at: new Date(),
  });
}

/** The bearer a staff call carries: the staff token the admin password check gives. */
export const staffBearer = (userId: number) => `Bearer ${signStaffToken(userId, TEST_JWT_SECRET)}`;
