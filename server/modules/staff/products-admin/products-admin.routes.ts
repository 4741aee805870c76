import { Router } from 'express';
import type { Knex } from 'knex';
import { staffProductsApi } from '../../../../shared/contract/staff-products';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { Catalog } from '../../catalog/catalog.service';
import { adminProductsPage, productCategories } from './list-admin-products.service';
import { updateProduct } from './update-product.service';
import type { Clock } from '../../../clock/clock';

/** Back-office category 3 "Produits" (manager and admin): list, search, edit, archive and restore. */
export function staffProductsAdminRoutes({
  db,
  guards,
  catalog,
  clock,
}: {
  db: Knex;
  guards: StaffGuards;
  catalog: Pick<Catalog, 'invalidate'>;
  clock: Clock;
}): Router {
  const router = Router();
  const productsArea = [guards.staff, guards.area('products')];

  // The product forms' category and subcategory choices (creation: admin; edition: manager and admin).
  route(router, staffProductsApi.categories, ...productsArea, async ({ res }) => {
    res.set('Cache-Control', 'no-store');
    return productCategories(db);
  });

  route(router, staffProductsApi.list, ...productsArea, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return adminProductsPage(db, query);
  });

  route(router, staffProductsApi.update, ...productsArea, async ({ req, params, body }) => {
    const product = await updateProduct(db, currentUser(req), params.id, body, clock, req.ip);
    // The shop's cached list would show the old price, stock or an archived product: drop it now.
    catalog.invalidate();
    return { product };
  });

  return router;
}
