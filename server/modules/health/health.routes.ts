import { Router } from 'express';
import type { Logger } from 'pino';
import { API_CONTRACT } from '../../../shared/contract/index';
import { healthApi } from '../../../shared/contract/health';
import { openApiDocument } from '../../http/openapi';
import { route, SENT } from '../../http/route';
import type { ProviderSetupReport } from '../payments/provider-setup';

export interface HealthOptions {
  /** Whether this instance reaches its database (a failure is logged on the request's logger). */
  databaseReachable: (log: Pick<Logger, 'warn'>) => Promise<boolean>;
  /** With REDIS_URL: whether Redis answers (its state is shown, it does not make the instance unready). */
  redisReachable?: () => Promise<boolean>;
  /** With provider keys: the last payment set-up check (shown, never a reason to be unready). */
  paymentSetup?: () => ProviderSetupReport | undefined;
  /** True once SIGTERM started the shutdown: readiness answers 503 at once, so the load balancer stops sending. */
  draining?: () => boolean;
}

/** /health: the process answers. /ready: it can reach the database. /openapi.json: the contract. */
export function healthRoutes({ databaseReachable, redisReachable, paymentSetup, draining }: HealthOptions): Router {
  const router = Router();
  let document: Record<string, unknown> | undefined; // built on first ask: the contract never changes while running

  route(router, healthApi.health, () => ({ status: 'ok' as const }));

  route(router, healthApi.ready, async ({ req, res }) => {
    if (draining?.()) {
      res.status(503).json({ error: 'not_ready', message: 'Shutting down' });
      return SENT;
    }
    const [database, redis] = await Promise.all([databaseReachable(req.log), redisReachable?.()]);
    if (!database) {
      res.status(503).json({ error: 'not_ready', message: 'Database not reachable' });
      return SENT;
    }
    // Redis down keeps the instance ready: its limits count in memory meanwhile (rate-limit-store.ts),
    // while taking every instance out of the load balancer at once would close the shop.
    const payments = paymentSetup?.();
    return {
      status: 'ready' as const,
      ...(redis !== undefined && { redis: redis ? ('up' as const) : ('down' as const) }),
      ...(payments && { payments }),
    };
  });

  route(router, healthApi.openapi, () => {
    document ??= openApiDocument(API_CONTRACT, { title: 'HubHost storefront API', version: '1' });
    return document as { openapi: '3.1.0' };
  });

  return router;
}
