import { Router } from 'express';
import { staffDutyApi } from '../../../shared/contract/staff-duty';
import type { StaffGuards } from '../../http/require-staff';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { DutySwitch } from './duty-switch.service';

/** Support duty (spec §2, §4 "Support agent"): the agent's own id in the path (403 for another's). */
export function dutyRoutes({ duty, guards }: { duty: DutySwitch; guards: StaffGuards }): Router {
  const router = Router();

  route(router, staffDutyApi.status, guards.staff, async ({ req, params, body }) => {
    await duty.setOnline(currentUser(req), params.userId, body.isOnline, req.ip);
    return { success: true as const };
  });

  route(router, staffDutyApi.endService, guards.staff, async ({ req, params }) => {
    await duty.endService(currentUser(req), params.userId, req.ip);
    return { success: true as const };
  });

  return router;
}
