import { idParams } from '../schemas/ids';
import {
  adminProductsPageSchema,
  adminProductsQuerySchema,
  adminProductUpdatedSchema,
  createProductAnswerSchema,
  createProductSchema,
  gamePanelCatalogueSchema,
  staffCategoriesSchema,
  updateProductSchema,
} from '../schemas/staff/products';
import { endpoint } from './endpoint';

/**
 * Category 3 "Produits" (manager, admin) and category 6, the product creation form (admin), with
 * the game panel's lists both forms' delivery section reads.
 */
export const staffProductsApi = {
  categories: endpoint({
    method: 'get',
    path: '/api/admin/categories',
    summary: 'The categories and their subcategories, for the product forms',
    tag: 'staff-products',
    access: 'staff',
    response: staffCategoriesSchema,
  }),
  create: endpoint({
    method: 'post',
    path: '/api/admin/create',
    summary: 'Creates a product (spec §3 "Product creation payload", or the flat form in cents)',
    tag: 'staff-products',
    access: 'staff',
    body: createProductSchema,
    response: createProductAnswerSchema,
    status: 201,
  }),
  list: endpoint({
    method: 'get',
    path: '/api/admin/products',
    summary: 'Products by name or slug, active or archived, 50 a page',
    tag: 'staff-products',
    access: 'staff',
    query: adminProductsQuerySchema,
    response: adminProductsPageSchema,
  }),
  update: endpoint({
    method: 'patch',
    path: '/api/admin/products/{id}',
    summary: 'Changes a product’s catalogue fields, archives or restores it',
    tag: 'staff-products',
    access: 'staff',
    params: idParams,
    body: updateProductSchema,
    response: adminProductUpdatedSchema,
  }),
  gamePanelCatalogue: endpoint({
    method: 'get',
    path: '/api/admin/game-panel/catalogue',
    summary:
      'The game panel’s nests, eggs, locations and tags, for the product forms’ delivery section (503 when the panel does not answer)',
    tag: 'staff-products',
    access: 'staff',
    response: gamePanelCatalogueSchema,
  }),
};
