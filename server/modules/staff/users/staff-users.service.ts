import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { Role } from '../../../../shared/constants';
import type {
  StaffUserDetailDto,
  StaffUserDto,
  StaffUserListQuery,
  StaffUserOrdersPageDto,
  StaffUsersQuery,
  StaffUserVpsPageDto,
} from '../../../../shared/schemas/staff/users';
import { bindDb } from '../../../shared/bind-db';
import { hashPassword } from '../../../security/passwords';
import { writeAudit } from '../../audit/audit.repo';
import { listSavedMethods } from '../../saved-methods/saved-methods.repo';
import { revokeStaffSessions } from '../../auth/sessions.repo';
import type { UserRow } from '../../auth/users.repo';
import { releaseTakenOrders } from '../duty.service';
import { authorize } from '../../../policies/authorize';
import { UserNotFound } from './staff-users.errors';
import { presentStaffUser, presentStaffUserDetail, presentUserOrder, presentUserVps } from './staff-users.presenter';
import {
  countUserAutoRenew,
  findStaffUser,
  listStaffUsers,
  listUserOrders,
  listUserVps,
  lockUserForChange,
  updateAdminPasswordHash,
  updateUserRole,
  userExists,
} from './staff-users.repo';

/** One page of accounts (Users: manager, admin). */
export async function staffUsersPage(
  db: Knex,
  query: StaffUsersQuery,
): Promise<{ users: StaffUserDto[]; next: number | null; hasMore: boolean }> {
  const { rows, next } = await listStaffUsers(db, query, query.limit);
  return { users: rows.map(presentStaffUser), next, hasMore: next !== null };
}

/** One account with its saved payment methods (read-only here) and how many of its machines renew on their own. */
export async function staffUserDetail(db: Knex, id: number): Promise<StaffUserDetailDto> {
  const user = await findStaffUser(db, id);
  if (!user) throw UserNotFound();
  const [methods, autoRenew] = await Promise.all([listSavedMethods(db, id), countUserAutoRenew(db, id)]);
  return presentStaffUserDetail(user, methods, autoRenew);
}

/** A page of the account's orders, newest first; 404 for no such account. */
export async function staffUserOrders(db: Knex, id: number, query: StaffUserListQuery): Promise<StaffUserOrdersPageDto> {
  if (!(await userExists(db, id))) throw UserNotFound();
  const { rows, next } = await listUserOrders(db, id, query);
  return { orders: rows.map(presentUserOrder), next, hasMore: next !== null };
}

/** A page of the machines delivered to the account, newest order first; 404 for no such account. */
export async function staffUserVps(db: Knex, id: number, query: StaffUserListQuery): Promise<StaffUserVpsPageDto> {
  if (!(await userExists(db, id))) throw UserNotFound();
  const { rows, next } = await listUserVps(db, id, query);
  return { vpsList: rows.map(presentUserVps), next, hasMore: next !== null };
}

/**
 * Gives an account another role (admin only) and answers it as the list now shows it. The guards
 * read the role on every call, so the change is felt at the next one. An account made a customer
 * leaves the orders it had taken, like an end of service, and loses its admin password (promoted
 * again later, it gets a new one, never the old one back); anyone leaving 'support' goes off duty
 * (is_online only means something for agents). Their staff tokens end with the old role: the
 * admin password is asked again under the new one (their login sessions go on).
 */
export async function changeUserRole(
  db: Knex,
  actor: UserRow,
  userId: number,
  role: Role,
  clock: Clock,
  ip?: string,
): Promise<StaffUserDto> {
  authorize(actor, 'user.handOutRoles');
  authorize(actor, 'user.changeRoleOf', userId);
  await db.transaction(async (trx) => {
    const target = await lockUserForChange(trx, userId);
    if (!target) throw UserNotFound();
    if (target.role === role) return;
    const goesOffDuty = target.role === 'support' && role !== 'support';
    const leavesStaff = role === 'customer';
    await updateUserRole(trx, userId, { role, goesOffDuty, leavesStaff }, clock.now());
    const staffSessionsEnded = await revokeStaffSessions(trx, userId, clock.now());
    const released = leavesStaff ? await releaseTakenOrders(trx, userId, actor.id, clock, ip) : [];
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'user.role_changed',
      entityType: 'user',
      entityId: userId,
      before: { role: target.role, is_online: target.is_online },
      after: { role, is_online: goesOffDuty ? false : target.is_online, released, staffSessionsEnded },
      ip,
    });
  });
  const changed = await findStaffUser(db, userId);
  if (!changed) throw UserNotFound();
  return presentStaffUser(changed);
}

/**
 * Sets a staff member's admin password (argon2id, separate from the login one). Staff tokens opened
 * with the old one end (a new password is often set because the old one leaked). The audit row says
 * that it was set and by whom, never the password nor its hash.
 */
export async function setAdminPassword(
  db: Knex,
  actor: UserRow,
  userId: number,
  password: string,
  clock: Clock,
  ip?: string,
): Promise<void> {
  authorize(actor, 'user.setAdminPassword');
  // Hashed before the transaction: argon2 takes a while and must not hold the row lock.
  const hash = await hashPassword(password);
  await db.transaction(async (trx) => {
    const target = await lockUserForChange(trx, userId);
    if (!target) throw UserNotFound();
    authorize(actor, 'user.holdAdminPassword', target);
    await updateAdminPasswordHash(trx, userId, hash, clock.now());
    const staffSessionsEnded = await revokeStaffSessions(trx, userId, clock.now());
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'user.admin_password_set',
      entityType: 'user',
      entityId: userId,
      after: { role: target.role, staffSessionsEnded },
      ip,
    });
  });
}

/** The Users area's calls bound to the database and the clock (built by the module entry, index.ts). */
export function createStaffUsers({ db, clock }: { db: Knex; clock: Clock }) {
  return {
    page: bindDb(db, staffUsersPage),
    detail: bindDb(db, staffUserDetail),
    orders: bindDb(db, staffUserOrders),
    vps: bindDb(db, staffUserVps),
    changeRole: (actor: UserRow, userId: number, role: Role, ip?: string) => changeUserRole(db, actor, userId, role, clock, ip),
    setAdminPassword: (actor: UserRow, userId: number, password: string, ip?: string) =>
      setAdminPassword(db, actor, userId, password, clock, ip),
  };
}
export type StaffUsers = ReturnType<typeof createStaffUsers>;
