import type { Knex } from 'knex';
import type { StaffGuards } from '../../../http/require-staff';
import { bindDb } from '../../../shared/bind-db';
import type { Catalog } from '../../catalog/catalog.service';
import { staffProductsRoutes } from './products.routes';
import { createProduct } from './create-product.service';

/** Back-office category 6: the product creation form. */
export function staffProductsModule({ db, guards, catalog }: { db: Knex; guards: StaffGuards; catalog: Pick<Catalog, 'invalidate'> }) {
  return { routes: staffProductsRoutes({ create: bindDb(db, createProduct), guards, catalog }) };
}
