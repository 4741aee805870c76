import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import type { StaffProfileDto, TransactionDto } from '../../../../shared/schemas/staff';
import { canUseArea } from '../../../../shared/staff/permissions';
import { ForbiddenError, NotFoundError } from '../../../http/errors';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { findUserById, type UserRow } from '../../auth/users.repo';
import { listRecentTransactions } from './staff-profile.repo';

const NoSuchUser = () => NotFoundError('No such user');

/**
 * The user a profile call is about. Anyone on staff reads their own; reading someone else's is the
 * "Utilisateurs" category's job (manager, admin): 403 otherwise, before looking the id up, so a
 * support agent cannot probe which accounts exist.
 */
async function profileTarget(db: Knex, req: Request): Promise<UserRow> {
  const caller = currentUser(req);
  const raw = String(req.params.id);
  if (!/^\d{1,9}$/.test(raw)) throw NoSuchUser();
  const id = Number(raw);
  if (id === caller.id) return caller;
  if (!canUseArea(caller.role, 'users')) throw ForbiddenError('forbidden_role', 'Only your own profile is open to your role');
  const user = await findUserById(db, id);
  if (!user) throw NoSuchUser();
  return user;
}

function presentProfile(user: UserRow): StaffProfileDto {
  return { id: user.id, fullName: user.full_name, email: user.email, role: user.role, is_online: user.is_online, wallet_cents: Number(user.wallet_cents) };
}

/** The back-office profile page (spec §2 "Profile page"): name, wallet balance, recent transactions. */
export function staffProfileRoutes({ db, guards }: { db: Knex; guards: StaffGuards }): Router {
  const router = Router();

  router.get('/admin/user/:id', guards.staff, async (req, res) => {
    const user = await profileTarget(db, req);
    res.set('Cache-Control', 'no-store');
    res.json(presentProfile(user));
  });

  router.get('/admin/user/:id/transactions', guards.staff, async (req, res) => {
    const user = await profileTarget(db, req);
    res.set('Cache-Control', 'no-store');
    res.json({ transactions: await listRecentTransactions(db, user.id) } satisfies { transactions: TransactionDto[] });
  });

  return router;
}
