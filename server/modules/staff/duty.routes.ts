import { Router } from 'express';
import type { Knex } from 'knex';
import { supportStatusSchema, type SuccessDto } from '../../../shared/schemas/staff';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import { currentUser } from '../../http/require-user';
import type { StaffGuards } from '../../http/require-staff';
import { validate } from '../../http/validate';
import type { UserRow } from '../auth/users.repo';
import { endService, setOnDuty } from './duty.service';

/** The caller's own id in the path: an agent switches only their own duty (403 for another's). */
function ownAgent(user: UserRow, raw: string | undefined): void {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw NotFoundError('No such agent');
  if (Number(raw) !== user.id) throw ForbiddenError('forbidden', 'You can only change your own duty');
  if (user.role !== 'support') throw ForbiddenError('forbidden_role', 'Only support agents take duty');
}

/** Support duty (spec §2, §4 "Support agent"): take duty, go off, end full service. */
export function dutyRoutes({ db, guards }: { db: Knex; guards: StaffGuards }): Router {
  const router = Router();

  router.post('/admin/support/:userId/status', guards.staff, async (req, res) => {
    const user = currentUser(req);
    ownAgent(user, String(req.params.userId));
    const { isOnline } = validate(supportStatusSchema, req.body);
    await setOnDuty(db, user, isOnline, req.ip);
    res.json({ success: true } satisfies SuccessDto);
  });

  router.post('/admin/support/:userId/end-service', guards.staff, async (req, res) => {
    const user = currentUser(req);
    ownAgent(user, String(req.params.userId));
    await endService(db, user, req.ip);
    res.json({ success: true } satisfies SuccessDto);
  });

  return router;
}
