import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { StaffGuards } from '../../../http/require-staff';
import { bindDb } from '../../../shared/bind-db';
import type { Catalog } from '../../catalog/catalog.service';
import type { PanelCatalogueReader } from '../products/panel-catalogue';
import { staffProductsAdminRoutes, type AdminProducts } from './products-admin.routes';
import { adminProductsPage, productCategories } from './list-admin-products.service';
import { updateProduct } from './update-product.service';

/** Back-office category 3 "Produits": list, search, edit, archive and restore. */
export function staffProductsAdminModule(deps: {
  db: Knex;
  guards: StaffGuards;
  catalog: Pick<Catalog, 'invalidate'>;
  clock: Clock;
  /** The game panel (or its sandbox): new Pterodactyl settings are checked against its lists. */
  panel: PanelCatalogueReader;
}) {
  const { db, guards, catalog, clock, panel } = deps;
  const products: AdminProducts = {
    categories: bindDb(db, productCategories),
    page: bindDb(db, adminProductsPage),
    update: (staff, id, input, ip) => updateProduct({ db, clock, panel }, staff, id, input, ip),
  };
  return { routes: staffProductsAdminRoutes({ products, guards, catalog }), products };
}
