import { Router, type RequestHandler } from 'express';
import { sshKeysApi } from '../../../shared/contract/ssh-keys';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { SshKeys } from './ssh-keys.service';

/** /api/account/ssh-keys: list, add, remove the caller's own keys. */
export function sshKeysRoutes(deps: { keys: SshKeys; requireUser: RequestHandler }): Router {
  const router = Router();
  route(router, sshKeysApi.list, deps.requireUser, async ({ req, res }) => {
    res.set('Cache-Control', 'private, no-store');
    return { sshKeys: await deps.keys.list(currentUser(req)) };
  });
  route(router, sshKeysApi.add, deps.requireUser, async ({ req, body }) => ({
    sshKey: await deps.keys.add(currentUser(req), body, req.ip),
  }));
  route(router, sshKeysApi.remove, deps.requireUser, async ({ req, params }) => {
    await deps.keys.remove(currentUser(req), params.id, req.ip);
    return { removed: true as const };
  });
  return router;
}
