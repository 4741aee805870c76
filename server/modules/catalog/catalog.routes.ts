import { Router } from 'express';
import type { Catalog } from './catalog.service';

export function catalogRoutes(catalog: Catalog): Router {
  const router = Router();
  router.get('/products', async (req, res) => {
    const { body, etag } = await catalog.productsSnapshot();
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'no-cache'); // browsers revalidate; an unchanged list costs a 304
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(body);
  });
  return router;
}
