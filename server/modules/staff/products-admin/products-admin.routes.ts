import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  adminProductsQuerySchema,
  updateProductSchema,
  type AdminProductsPageDto,
  type AdminProductUpdatedDto,
} from '../../../../shared/schemas/staff';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { validate } from '../../../http/validate';
import type { Catalog } from '../../catalog/catalog.service';
import { presentAdminProduct } from './products-admin.presenter';
import { listAdminProducts } from './products-admin.repo';
import { updateProduct } from './update-product.service';

const productIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Back-office category 3 "Produits" (manager and admin): list, search, edit, archive and restore. */
export function staffProductsAdminRoutes({ db, guards, catalog }: { db: Knex; guards: StaffGuards; catalog: Pick<Catalog, 'invalidate'> }): Router {
  const router = Router();
  const productsArea = [guards.staff, guards.area('products')];

  router.get('/admin/products', ...productsArea, async (req, res) => {
    const query = validate(adminProductsQuerySchema, req.query);
    const { rows, hasMore } = await listAdminProducts(db, query, ADMIN_PRODUCTS_PAGE_SIZE);
    res.set('Cache-Control', 'no-store');
    res.json({ products: rows.map(presentAdminProduct), page: query.page, hasMore } satisfies AdminProductsPageDto);
  });

  router.patch('/admin/products/:id', ...productsArea, async (req, res) => {
    const { id } = validate(productIdParams, req.params);
    const input = validate(updateProductSchema, req.body ?? {});
    const product = await updateProduct(db, currentUser(req), id, input, req.ip);
    // The shop's cached list would show the old price, stock or an archived product: drop it now.
    catalog.invalidate();
    res.json({ product } satisfies AdminProductUpdatedDto);
  });

  return router;
}
