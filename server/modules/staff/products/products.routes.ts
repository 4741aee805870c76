import { Router } from 'express';
import type { Knex } from 'knex';
import { staffProductsApi } from '../../../../shared/contract/staff-products';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { Catalog } from '../../catalog/catalog.service';
import { createProduct } from './create-product.service';

/** Back-office category 6 "Créer des commandes": the product creation form (admin only). */
export function staffProductsRoutes({
  db,
  guards,
  catalog,
}: {
  db: Knex;
  guards: StaffGuards;
  catalog: Pick<Catalog, 'invalidate'>;
}): Router {
  const router = Router();

  route(router, staffProductsApi.create, guards.staff, guards.area('createProduct'), async ({ req, body }) => {
    const productId = await createProduct(db, currentUser(req), body, req.ip);
    // The shop's cached list would hide the new product for up to its TTL: drop it now.
    catalog.invalidate();
    return { productId };
  });

  return router;
}
