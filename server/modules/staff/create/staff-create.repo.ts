import type { Knex } from 'knex';
import type { StaffRole } from '../../../../shared/staff/permissions';
import type { UserRow } from '../../auth/users.repo';

/** A staff account made by the operator's command: verified at once (the operator vouches for the address). */
export async function insertStaffAccount(
  db: Knex,
  account: { email: string; fullName: string; role: StaffRole; passwordHash: string; adminPasswordHash: string },
  now: Date,
): Promise<UserRow> {
  const [row] = await db<UserRow>('users')
    .insert({
      email: account.email,
      full_name: account.fullName,
      password_hash: account.passwordHash,
      admin_password_hash: account.adminPasswordHash,
      role: account.role,
      email_verified_at: now,
    })
    .returning('*');
  return row as UserRow;
}

/** An existing account made staff (or given another staff role), with its admin password; the login password only when given. */
export async function promoteToStaff(
  db: Knex,
  userId: number,
  change: { role: StaffRole; adminPasswordHash: string; passwordHash: string | null },
  now: Date,
): Promise<void> {
  await db('users')
    .where({ id: userId })
    .update({
      role: change.role,
      admin_password_hash: change.adminPasswordHash,
      ...(change.passwordHash && { password_hash: change.passwordHash, sessions_valid_after: now }),
      updated_at: now,
    });
}
