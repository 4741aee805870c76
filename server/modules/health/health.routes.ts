import { Router } from 'express';
import type { Knex } from 'knex';

/** /health: the process answers. /ready: it can reach the database (what a load balancer asks). */
export function healthRoutes(db: Knex): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/ready', async (req, res) => {
    try {
      await db.raw('select 1');
      res.json({ status: 'ready' });
    } catch (err) {
      req.log.warn({ err }, 'database not reachable');
      res.status(503).json({ error: 'not_ready', message: 'Database not reachable' });
    }
  });
  return router;
}
