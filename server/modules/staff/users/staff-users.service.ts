import type { Knex } from 'knex';
import type { Role } from '../../../../shared/constants';
import { isStaffRole } from '../../../../shared/staff/permissions';
import { hashPassword } from '../../../security/passwords';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { releaseTakenOrders } from '../duty.service';
import { CannotChangeOwnRole, NotStaff, UserNotFound } from './staff-users.errors';

/**
 * Gives an account another role (admin only). The guards read the role on every call, so the change
 * is felt at the next one. An account made a customer leaves the orders it had taken, like an end
 * of service and loses its admin password (promoted again later, it gets a new one, never the
 * old one back); anyone leaving 'support' goes off duty (is_online only means something for agents).
 */
export async function changeUserRole(db: Knex, actor: UserRow, userId: number, role: Role, ip?: string): Promise<void> {
  if (userId === actor.id) throw CannotChangeOwnRole();
  await db.transaction(async (trx) => {
    const target: Pick<UserRow, 'id' | 'role' | 'is_online'> | undefined = await trx('users').where({ id: userId }).forUpdate().first('id', 'role', 'is_online');
    if (!target) throw UserNotFound();
    if (target.role === role) return;
    const goesOffDuty = target.role === 'support' && role !== 'support';
    const leavesStaff = role === 'customer';
    await trx('users')
      .where({ id: userId })
      .update({ role, ...(goesOffDuty && { is_online: false }), ...(leavesStaff && { admin_password_hash: null }), updated_at: trx.fn.now() });
    const released = leavesStaff ? await releaseTakenOrders(trx, userId, actor.id, ip) : [];
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'user.role_changed',
      entityType: 'user',
      entityId: userId,
      before: { role: target.role, is_online: target.is_online },
      after: { role, is_online: goesOffDuty ? false : target.is_online, released },
      ip,
    });
  });
}

/**
 * Sets a staff member's admin password (argon2id, separate from the login one). The audit row says
 * that it was set and by whom, never the password nor its hash.
 */
export async function setAdminPassword(db: Knex, actor: UserRow, userId: number, password: string, ip?: string): Promise<void> {
  // Hashed before the transaction: argon2 takes a while and must not hold the row lock.
  const hash = await hashPassword(password);
  await db.transaction(async (trx) => {
    const target: Pick<UserRow, 'id' | 'role'> | undefined = await trx('users').where({ id: userId }).forUpdate().first('id', 'role');
    if (!target) throw UserNotFound();
    if (!isStaffRole(target.role)) throw NotStaff();
    await trx('users').where({ id: userId }).update({ admin_password_hash: hash, updated_at: trx.fn.now() });
    await writeAudit(trx, { actorId: actor.id, action: 'user.admin_password_set', entityType: 'user', entityId: userId, after: { role: target.role }, ip });
  });
}
