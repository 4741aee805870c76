import { Router } from 'express';
import type { Knex } from 'knex';
import { createProductSchema, type CreateProductDto } from '../../../../shared/schemas/staff';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { validate } from '../../../http/validate';
import type { Catalog } from '../../catalog/catalog.service';
import { createProduct } from './create-product.service';

/** Back-office category 6 "Créer des commandes": the product creation form (admin only). */
export function staffProductsRoutes({ db, guards, catalog }: { db: Knex; guards: StaffGuards; catalog: Pick<Catalog, 'invalidate'> }): Router {
  const router = Router();

  router.post('/admin/create', guards.staff, guards.area('createProduct'), async (req, res) => {
    const input = validate(createProductSchema, req.body);
    const productId = await createProduct(db, currentUser(req), input, req.ip);
    // The shop's cached list would hide the new product for up to its TTL: drop it now.
    catalog.invalidate();
    res.status(201).json({ productId } satisfies CreateProductDto);
  });

  return router;
}
