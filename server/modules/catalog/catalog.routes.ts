import { Router } from 'express';
import { catalogApi } from '../../../shared/contract/catalog';
import { route, SENT } from '../../http/route';
import type { Catalog } from './catalog.service';

/** GET /api/products?lng=: the serialised list, in that language, the catalogue keeps, with its ETag (304 when unchanged). */
export function catalogRoutes(catalog: Catalog): Router {
  const router = Router();
  route(router, catalogApi.products, async ({ req, res, query }): Promise<typeof SENT> => {
    const snapshot = await catalog.productsSnapshot(query.lng);
    const { body, etag } = snapshot;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'no-cache'); // browsers revalidate; an unchanged list costs a 304
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.fresh) {
      res.status(304).end();
      return SENT;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    // Serialised and compressed once for every reader; the compression middleware leaves it be.
    // br first whatever the header's order (browsers list gzip before br with the same weight).
    const accepts = req.headers['accept-encoding'] ? (name: string) => req.acceptsEncodings(name) === name : () => false;
    if (accepts('br')) res.setHeader('Content-Encoding', 'br').end(snapshot.brotli);
    else if (accepts('gzip')) res.setHeader('Content-Encoding', 'gzip').end(snapshot.gzip);
    else res.end(body);
    return SENT;
  });
  return router;
}
