import { Router } from 'express';
import { sellerApi } from '../../../shared/contract/seller';
import type { SellerIdentity } from '../../../shared/schemas/seller';
import { route } from '../../http/route';

/** GET /api/seller: who sells, as configured (SELLER_*); the same on every page and document. */
export function sellerRoutes(seller: SellerIdentity): Router {
  const router = Router();
  route(router, sellerApi.identity, ({ res }) => {
    // It changes only with a restart; a browser may keep it a few minutes.
    res.setHeader('Cache-Control', 'public, max-age=300');
    return seller;
  });
  return router;
}
