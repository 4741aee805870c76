import { Router, type RequestHandler } from 'express';
import { authApi } from '../../../shared/contract/auth';
import { currentSessionId, currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { Sessions } from './sessions.service';

/** /api/auth/logout, /logout-all and /sessions: the user's own sessions, listed and ended. */
export function sessionsRoutes({ sessions, requireUser }: { sessions: Sessions; requireUser: RequestHandler }): Router {
  const router = Router();

  route(router, authApi.logout, requireUser, async ({ req }) => {
    await sessions.end(currentUser(req).id, currentSessionId(req));
    return { success: true as const };
  });

  route(router, authApi.logoutAll, requireUser, async ({ req }) => ({
    success: true as const,
    ended: await sessions.endOthers(currentUser(req).id, currentSessionId(req)),
  }));

  route(router, authApi.sessions, requireUser, async ({ req, res }) => {
    res.set('Cache-Control', 'no-store');
    return { sessions: await sessions.list(currentUser(req).id, currentSessionId(req)) };
  });

  route(router, authApi.endSession, requireUser, async ({ req, params }) => {
    await sessions.end(currentUser(req).id, params.id);
    return { success: true as const };
  });

  return router;
}
