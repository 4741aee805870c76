import { Router, type RequestHandler } from 'express';
import { vpsPanelApi } from '../../../../shared/contract/vps-panel';
import { LANGUAGES } from '../../../../shared/i18n/languages';
import { NotFoundError } from '../../../http/errors';
import { currentUser } from '../../../http/require-user';
import { SENT } from '../../../http/route';
import { route } from '../../../http/route';
import type { VpsMetrics } from './metrics.service';
import type { RootPassword } from './root-password.service';
import { pickLanguage, SANDBOX_CONSOLE_CSP, sandboxConsolePage } from './sandbox-console-page';
import type { VpsSnapshot } from './snapshot.service';
import type { VpsConsole } from './vps-console.service';

const PRIVATE = { 'Cache-Control': 'private, no-cache', Vary: 'Authorization' };

/** The VPS tools of the panel: root password, console, graphs, snapshot (issue 33). */
export function vpsToolsRoutes(deps: {
  rootPassword: RootPassword;
  openConsole: VpsConsole;
  metrics: VpsMetrics;
  snapshot: VpsSnapshot;
  sandbox: boolean;
  requireUser: RequestHandler;
  actionLimit: RequestHandler;
}): Router {
  const router = Router();
  const act = [deps.requireUser, deps.actionLimit] as const;
  route(router, vpsPanelApi.resetRootPassword, ...act, async ({ req, res, params }) => {
    res.set('Cache-Control', 'no-store'); // the sandbox's password is in it
    return deps.rootPassword.reset(currentUser(req), params.id, req.ip);
  });
  route(router, vpsPanelApi.rootPassword, deps.requireUser, async ({ req, res, params }) => {
    res.set(PRIVATE);
    return deps.rootPassword.state(currentUser(req), params.id);
  });
  route(router, vpsPanelApi.console, ...act, async ({ req, res, params }) => {
    res.set('Cache-Control', 'no-store'); // the console's URL opens the machine
    return deps.openConsole(currentUser(req), params.id, req.ip);
  });
  route(router, vpsPanelApi.sandboxConsole, ({ req, res, query }) => {
    if (!deps.sandbox) throw NotFoundError();
    res.set({ 'Content-Security-Policy': SANDBOX_CONSOLE_CSP, 'Cache-Control': 'no-cache' });
    res.type('html').send(sandboxConsolePage(query.lng ?? pickLanguage(req.acceptsLanguages([...LANGUAGES]))));
    return SENT;
  });
  route(router, vpsPanelApi.metrics, deps.requireUser, async ({ req, res, params, query }) => {
    res.set({ ...PRIVATE, 'Cache-Control': 'private, max-age=60' });
    return deps.metrics(currentUser(req), params.id, query.period);
  });
  route(router, vpsPanelApi.snapshot, deps.requireUser, async ({ req, res, params }) => {
    res.set(PRIVATE);
    return { snapshot: await deps.snapshot.state(currentUser(req), params.id) };
  });
  route(router, vpsPanelApi.createSnapshot, ...act, async ({ req, params, body }) => ({
    snapshot: await deps.snapshot.create(currentUser(req), params.id, body.description, req.ip),
  }));
  route(router, vpsPanelApi.restoreSnapshot, ...act, async ({ req, params }) => ({
    snapshot: await deps.snapshot.restore(currentUser(req), params.id, req.ip),
  }));
  route(router, vpsPanelApi.deleteSnapshot, ...act, async ({ req, params }) => ({
    snapshot: await deps.snapshot.remove(currentUser(req), params.id, req.ip),
  }));
  return router;
}
