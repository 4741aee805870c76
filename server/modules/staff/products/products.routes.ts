import { Router } from 'express';
import { staffProductsApi } from '../../../../shared/contract/staff-products';
import type { GamePanelCatalogueDto } from '../../../../shared/schemas/staff/products';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { OmitDb } from '../../../shared/bind-db';
import type { Catalog } from '../../catalog/catalog.service';
import type { createProduct } from './create-product.service';

/** The product forms' calls, bound to the database and the game panel by the module entry. */
export interface ProductForms {
  /** createProduct once the panel took its Pterodactyl settings. */
  create: OmitDb<typeof createProduct>;
  panelCatalogue(): Promise<GamePanelCatalogueDto>;
}

/**
 * Back-office category 6 "Créer des commandes": the product creation form (admin only), and the
 * game panel's lists its delivery section and the Produits edit form read (manager and admin).
 */
export function staffProductsRoutes({
  forms,
  guards,
  catalog,
}: {
  forms: ProductForms;
  guards: StaffGuards;
  catalog: Pick<Catalog, 'invalidate'>;
}): Router {
  const router = Router();

  route(router, staffProductsApi.gamePanelCatalogue, guards.staff, guards.area('products'), async ({ res }) => {
    res.set('Cache-Control', 'no-store');
    return forms.panelCatalogue();
  });

  route(router, staffProductsApi.create, guards.staff, guards.area('createProduct'), async ({ req, body }) => {
    const productId = await forms.create(currentUser(req), body, req.ip);
    // The shop's cached list would hide the new product for up to its TTL: drop it now.
    catalog.invalidate();
    return { productId };
  });

  return router;
}
