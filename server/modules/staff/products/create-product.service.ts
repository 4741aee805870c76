import type { Knex } from 'knex';
import type { CreateProductInput } from '../../../../shared/schemas/staff';
import { ConflictError, ValidationError } from '../../../http/errors';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { defaultCategoryName } from './default-category';
import { categoryExists, categoryIdByName, categoryOfSubcategory, insertProduct, isSlugTaken } from './products.repo';

export const SlugTaken = () => ConflictError('slug_taken', 'Ce slug est déjà utilisé par un autre produit.');

/** The category the product goes into: the one given (checked), else the OS rule of default-category.ts. */
async function resolveCategory(trx: Knex, input: CreateProductInput): Promise<{ categoryId: number; subcategoryId: number | null }> {
  if (input.subcategory_id !== undefined) {
    const parent = await categoryOfSubcategory(trx, input.subcategory_id);
    if (parent === undefined) throw ValidationError({ subcategory_id: ['Sous-catégorie inconnue.'] });
    if (input.category_id !== undefined && input.category_id !== parent) {
      throw ValidationError({ subcategory_id: ['Cette sous-catégorie n’appartient pas à la catégorie choisie.'] });
    }
    return { categoryId: parent, subcategoryId: input.subcategory_id };
  }
  if (input.category_id !== undefined) {
    if (!(await categoryExists(trx, input.category_id))) throw ValidationError({ category_id: ['Catégorie inconnue.'] });
    return { categoryId: input.category_id, subcategoryId: null };
  }
  return { categoryId: await categoryIdByName(trx, defaultCategoryName(input.os)), subcategoryId: null };
}

/**
 * Creates a product from the back-office form (admin only): one transaction with its audit row,
 * so a refused creation writes nothing. The caller refreshes the shop's catalogue afterwards.
 */
export async function createProduct(db: Knex, admin: UserRow, input: CreateProductInput, ip?: string): Promise<number> {
  try {
    return await db.transaction(async (trx) => {
      const { categoryId, subcategoryId } = await resolveCategory(trx, input);
      const configProducts = { ram: input.ram, cores: input.cores, storage: input.storage, traffic: input.traffic };
      const ovhConfig = { region: input.region, os: input.os };
      const productId = await insertProduct(trx, {
        name: input.name,
        slug: input.slug,
        description: input.description,
        price_cents: input.price_cents,
        support_cents: input.support_cents,
        margin_cents: input.margin_cents,
        tax_rate: input.tax_rate,
        currency: input.currency,
        stock: input.stock,
        category_id: categoryId,
        subcategory_id: subcategoryId,
        config_products: JSON.stringify(configProducts),
        ovh_config: JSON.stringify(ovhConfig),
      });
      await writeAudit(trx, {
        actorId: admin.id,
        action: 'product.created',
        entityType: 'product',
        entityId: productId,
        after: { slug: input.slug, name: input.name, price_cents: input.price_cents, currency: input.currency, category_id: categoryId },
        ip,
      });
      return productId;
    });
  } catch (err) {
    if (isSlugTaken(err)) throw SlugTaken();
    throw err;
  }
}
