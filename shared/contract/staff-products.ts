import { idParams } from '../schemas/ids';
import {
  adminProductsPageSchema,
  adminProductsQuerySchema,
  adminProductUpdatedSchema,
  createProductAnswerSchema,
  createProductSchema,
  staffCategoriesSchema,
  updateProductSchema,
} from '../schemas/staff/products';
import { endpoint } from './endpoint';

/** Category 3 "Produits" (manager, admin) and category 6, the product creation form (admin). */
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
};
