import { Router } from 'express';
import { catalogApi } from '../../../shared/contract/catalog';
import { route, SENT } from '../../http/route';
import type { Catalog } from './catalog.service';

/** GET /api/products: the serialised list the catalogue keeps, with its ETag (304 when unchanged). */
export function catalogRoutes(catalog: Catalog): Router {
  const router = Router();
  route(router, catalogApi.products, async ({ req, res }): Promise<typeof SENT> => {
    const { body, etag } = await catalog.productsSnapshot();
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'no-cache'); // browsers revalidate; an unchanged list costs a 304
    if (req.fresh) res.status(304).end();
    else res.type('application/json').send(body); // already serialised once for every reader
    return SENT;
  });
  return router;
}
