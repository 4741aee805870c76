import { Router } from 'express';
import { staffProductsApi } from '../../../../shared/contract/staff-products';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { Catalog } from '../../catalog/catalog.service';
import type { adminProductsPage, productCategories } from './list-admin-products.service';
import type { BoundUpdateProduct } from './update-product.service';
import type { OmitDb } from '../../../shared/bind-db';

/** The Products area's calls, bound to the database and the clock by the module entry. */
export interface AdminProducts {
  categories: OmitDb<typeof productCategories>;
  page: OmitDb<typeof adminProductsPage>;
  update: BoundUpdateProduct;
}

/** Back-office category 3 "Produits" (manager and admin): list, search, edit, archive and restore. */
export function staffProductsAdminRoutes({
  products,
  guards,
  catalog,
}: {
  products: AdminProducts;
  guards: StaffGuards;
  catalog: Pick<Catalog, 'invalidate'>;
}): Router {
  const router = Router();
  const productsArea = [guards.staff, guards.area('products')];

  // The product forms' category and subcategory choices (creation: admin; edition: manager and admin).
  route(router, staffProductsApi.categories, ...productsArea, async ({ res }) => {
    res.set('Cache-Control', 'no-store');
    return products.categories();
  });

  route(router, staffProductsApi.list, ...productsArea, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return products.page(query);
  });

  route(router, staffProductsApi.update, ...productsArea, async ({ req, params, body }) => {
    const product = await products.update(currentUser(req), params.id, body, req.ip);
    // The shop's cached list would show the old price, stock or an archived product: drop it now.
    catalog.invalidate();
    return { product };
  });

  return router;
}
