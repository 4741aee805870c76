import type { Knex } from 'knex';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminProductDto,
  type AdminProductsQuery,
  type StaffCategoriesDto,
} from '../../../../shared/schemas/staff';
import { listCategoriesWithSubcategories } from '../products/products.repo';
import { presentAdminProduct } from './products-admin.presenter';
import { listAdminProducts } from './products-admin.repo';

/** One page of the Produits list (search, archived), presented. */
export async function adminProductsPage(db: Knex, query: AdminProductsQuery): Promise<{ products: AdminProductDto[]; hasMore: boolean }> {
  const { rows, hasMore } = await listAdminProducts(db, query, ADMIN_PRODUCTS_PAGE_SIZE);
  return { products: rows.map(presentAdminProduct), hasMore };
}

/** The categories a product may go into, each with its subcategories (the forms' selects). */
export async function productCategories(db: Knex): Promise<StaffCategoriesDto> {
  return { categories: await listCategoriesWithSubcategories(db) };
}
