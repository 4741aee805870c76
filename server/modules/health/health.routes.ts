import { Router } from 'express';
import type { Knex } from 'knex';
import { API_CONTRACT } from '../../../shared/contract/index';
import { healthApi } from '../../../shared/contract/health';
import { openApiDocument } from '../../http/openapi';
import { route, SENT } from '../../http/route';
import { databaseReachable } from './health.service';

/** /health: the process answers. /ready: it can reach the database. /openapi.json: the contract. */
export function healthRoutes(db: Knex): Router {
  const router = Router();
  let document: Record<string, unknown> | undefined; // built on first ask: the contract never changes while running

  route(router, healthApi.health, () => ({ status: 'ok' as const }));

  route(router, healthApi.ready, async ({ req, res }) => {
    if (await databaseReachable(db, req.log)) return { status: 'ready' as const };
    res.status(503).json({ error: 'not_ready', message: 'Database not reachable' });
    return SENT;
  });

  route(router, healthApi.openapi, () => {
    document ??= openApiDocument(API_CONTRACT, { title: 'HubHost storefront API', version: '1' });
    return document as { openapi: '3.1.0' };
  });

  return router;
}
