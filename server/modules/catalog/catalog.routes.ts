import { Router } from 'express';
import type { Knex } from 'knex';
import { presentProduct } from './catalog.presenter';
import { listActiveProducts } from './catalog.repo';

export function catalogRoutes(db: Knex): Router {
  const router = Router();
  router.get('/products', async (_req, res) => {
    const rows = await listActiveProducts(db);
    res.json(rows.map(presentProduct));
  });
  return router;
}
