import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { TOTP } from 'otpauth';
import { encryptSecret } from '../../server/crypto/secret-box';
import { saveEnabledSecret } from '../../server/modules/two-factor/two-factor.repo';
import type { StaffRole } from '../../shared/staff/permissions';
import { insertSession } from '../../server/modules/auth/sessions.repo';
import { signStaffToken } from '../../server/security/jwt';
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from './app';
import { buildAccount, TEST_SESSION_TTL_SECONDS, testSessionId } from './accounts';
import { testPasswordHash } from './passwords';

export const STAFF_ADMIN_PASSWORD = 'Admin-pass-1';

/** The TOTP secret (base32) of every staff member buildStaff enrols; totpCode() gives its codes. */
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The code an authenticator app shows now (or `at`, in ms) for a base32 secret. */
export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

const STEP_MS = 30_000;
const lastStepUsed = new Map<string, number>();

/**
 * A code the server has not seen yet for this account (`key`, e.g. its e-mail). The server takes
 * one step either side of now and refuses a step not after the last one used, so successive logins
 * take successive steps: the first the previous step's code (while the step is young enough that it
 * stays in the window until the server checks it), then now's, then the next one's; only a fourth
 * within the same 30 seconds waits for the clock. `fromPreviousStep: false` starts at now's code:
 * for an account whose used steps this process does not know (a shared database).
 */
export async function unusedTotpCode(key: string, secret = STAFF_TOTP_SECRET, { fromPreviousStep = true } = {}): Promise<string> {
  const stepNow = () => Math.floor(Date.now() / STEP_MS);
  const earliest = fromPreviousStep && Date.now() % STEP_MS < 20_000 ? stepNow() - 1 : stepNow();
  const step = Math.max(earliest, (lastStepUsed.get(key) ?? -Infinity) + 1);
  while (step > stepNow() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  lastStepUsed.set(key, step);
  return totpCode(secret, step * STEP_MS);
}

/** Puts an enabled second factor in place, as a finished enrolment would (staff need one). */
export async function enrolSecondFactor(db: Knex, userId: number, secret = STAFF_TOTP_SECRET): Promise<void> {
  await saveEnabledSecret(db, userId, encryptSecret(secret, TEST_ENCRYPTION_KEY), new Date());
}

/**
 * A staff member with an admin password and a second factor (STAFF_TOTP_SECRET), as the back-office
 * requires; `secondFactor: false` builds one who has not enrolled yet. Support agents are on duty
 * unless told otherwise.
 */
export async function buildStaff(db: Knex, role: StaffRole, options: { online?: boolean; fullName?: string; secondFactor?: boolean } = {}) {
  const staff = await buildAccount(db, {
    role,
    full_name: options.fullName ?? `Agent ${role}`,
    is_online: options.online ?? role === 'support',
    admin_password_hash: await testPasswordHash(STAFF_ADMIN_PASSWORD),
    email_verified_at: new Date(),
  });
  if (options.secondFactor !== false) await enrolSecondFactor(db, staff.id);
  return staff;
}

/** The bearer a staff call carries: the staff token the admin password check gives (the test staff session). */
export const staffBearer = (userId: number) =>
  `Bearer ${signStaffToken(userId, testSessionId(userId, 'staff'), TEST_JWT_SECRET, new Date(), TEST_SESSION_TTL_SECONDS)}`;

/** A new staff session for the user, as a fresh admin password check would give (e.g. after a role change). */
export async function freshStaffBearer(db: Knex, userId: number): Promise<string> {
  const id = randomUUID();
  await insertSession(db, {
    id,
    userId,
    kind: 'staff',
    parentId: testSessionId(userId, 'login'),
    ttlSeconds: TEST_SESSION_TTL_SECONDS,
    userAgent: null,
    ip: null,
    now: new Date(),
  });
  return `Bearer ${signStaffToken(userId, id, TEST_JWT_SECRET, new Date(), TEST_SESSION_TTL_SECONDS)}`;
}
