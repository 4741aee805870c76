import type { Knex } from 'knex';
import type { AdminProductDto, AdminProductsQuery, StaffCategoriesDto } from '../../../../shared/schemas/staff/products';
import { listCategoriesWithSubcategories } from '../products/products.repo';
import { presentAdminProduct } from './products-admin.presenter';
import { listAdminProducts } from './products-admin.repo';

/** One page of the Produits list (search, archived), presented. */
export async function adminProductsPage(
  db: Knex,
  query: AdminProductsQuery,
): Promise<{ products: AdminProductDto[]; next: number | null; hasMore: boolean }> {
  const { rows, next } = await listAdminProducts(db, query, query.limit);
  return { products: rows.map(presentAdminProduct), next, hasMore: next !== null };
}

/** The categories a product may go into, each with its subcategories (the forms' selects). */
export async function productCategories(db: Knex): Promise<StaffCategoriesDto> {
  return { categories: await listCategoriesWithSubcategories(db) };
}
