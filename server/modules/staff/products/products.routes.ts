import { Router } from 'express';
import { staffProductsApi } from '../../../../shared/contract/staff-products';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { Catalog } from '../../catalog/catalog.service';
import type { createProduct } from './create-product.service';
import type { OmitDb } from '../../../shared/bind-db';

/** Back-office category 6 "Créer des commandes": the product creation form (admin only). */
export function staffProductsRoutes({
  create,
  guards,
  catalog,
}: {
  create: OmitDb<typeof createProduct>;
  guards: StaffGuards;
  catalog: Pick<Catalog, 'invalidate'>;
}): Router {
  const router = Router();

  route(router, staffProductsApi.create, guards.staff, guards.area('createProduct'), async ({ req, body }) => {
    const productId = await create(currentUser(req), body, req.ip);
    // The shop's cached list would hide the new product for up to its TTL: drop it now.
    catalog.invalidate();
    return { productId };
  });

  return router;
}
