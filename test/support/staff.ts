import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { StaffRole } from '../../shared/staff/permissions';
import { insertSession } from '../../server/modules/auth/sessions.repo';
import { signStaffToken, STAFF_TOKEN_TTL_SECONDS } from '../../server/security/jwt';
import { TEST_JWT_SECRET } from './app';
import { buildAccount, testSessionId } from './accounts';
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

/** The bearer a staff call carries: the staff token the admin password check gives (the test staff session). */
export const staffBearer = (userId: number) => `Bearer ${signStaffToken(userId, testSessionId(userId, 'staff'), TEST_JWT_SECRET)}`;

/** A new staff session for the user, as a fresh admin password check would give (e.g. after a role change). */
export async function freshStaffBearer(db: Knex, userId: number): Promise<string> {
  const id = randomUUID();
  await insertSession(db, {
    id,
    userId,
    kind: 'staff',
    parentId: testSessionId(userId, 'login'),
    ttlSeconds: STAFF_TOKEN_TTL_SECONDS,
    userAgent: null,
    ip: null,
  });
  return `Bearer ${signStaffToken(userId, id, TEST_JWT_SECRET)}`;
}
