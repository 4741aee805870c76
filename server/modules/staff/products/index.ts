import type { Knex } from 'knex';
import type { StaffGuards } from '../../../http/require-staff';
import type { Catalog } from '../../catalog/catalog.service';
import { staffProductsRoutes, type ProductForms } from './products.routes';
import { createProduct } from './create-product.service';
import { assertPanelTakes } from './delivery-check';
import { presentPanelCatalogue, readPanelCatalogue, type PanelCatalogueReader } from './panel-catalogue';

export type { PanelCatalogueReader } from './panel-catalogue';

/** Back-office category 6: the product creation form, and the game panel's lists both product forms read. */
export function staffProductsModule({
  db,
  guards,
  catalog,
  panel,
}: {
  db: Knex;
  guards: StaffGuards;
  catalog: Pick<Catalog, 'invalidate'>;
  /** The game panel (or its sandbox): Pterodactyl settings are checked against its lists. */
  panel: PanelCatalogueReader;
}) {
  const forms: ProductForms = {
    async create(admin, input, ip) {
      await assertPanelTakes(panel, input.delivery, input.variants); // the panel first, outside the transaction
      return createProduct(db, admin, input, ip);
    },
    panelCatalogue: async () => presentPanelCatalogue(await readPanelCatalogue(panel)),
  };
  return { routes: staffProductsRoutes({ forms, guards, catalog }) };
}
