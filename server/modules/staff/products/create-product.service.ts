import type { Knex } from 'knex';
import type { CreateProductInput } from '../../../../shared/schemas/staff/products';
import { defaultProductImage } from '../../../../shared/catalog/product-images';
import { deliveryConfigOf, serviceKindOf } from '../../../../shared/schemas/delivery-settings';
import { ConflictError } from '../../../http/errors';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { defaultCategoryName } from './default-category';
import { checkedPlacement, type Placement } from './product-placement';
import { categoryByName, insertProduct, isSlugTaken } from './products.repo';

export const SlugTaken = () => ConflictError('slug_taken', 'Ce slug est déjà utilisé par un autre produit.');

/**
 * Where the product goes: the category and subcategory given (checked), else the OS rule of
 * default-category.ts without a subcategory (the spec's payload names none).
 */
async function resolvePlacement(trx: Knex, input: CreateProductInput): Promise<Placement> {
  if (input.category_id !== undefined || input.subcategory_id !== undefined) {
    return checkedPlacement(trx, { categoryId: input.category_id, subcategoryId: input.subcategory_id ?? null });
  }
  const category = await categoryByName(trx, defaultCategoryName(input.os));
  return { categoryId: category.id, categoryName: category.name, subcategoryId: null };
}

/**
 * Creates a product from the back-office form (admin only): one transaction with its audit row,
 * so a refused creation writes nothing. Its Pterodactyl settings were checked against the panel
 * before (delivery-check.ts). The caller refreshes the shop's catalogue afterwards.
 */
export async function createProduct(db: Knex, admin: UserRow, input: CreateProductInput, ip?: string): Promise<number> {
  try {
    return await db.transaction(async (trx) => {
      const { categoryId, categoryName, subcategoryId } = await resolvePlacement(trx, input);
      const configProducts = {
        ram: input.ram,
        cores: input.cores,
        storage: input.storage,
        traffic: input.traffic,
        bandwidth: input.bandwidth,
      };
      const ovhConfig = { region: input.region, os: input.os };
      const serviceKind = serviceKindOf(input.delivery.mode, input.service_kind);
      const productId = await insertProduct(trx, {
        name: input.name,
        slug: input.slug,
        description: input.description,
        translations: JSON.stringify(input.translations),
        storage_type: input.storage_type,
        price_cents: input.price_cents,
        support_cents: input.support_cents,
        margin_cents: input.margin_cents,
        tax_rate: input.tax_rate,
        currency: input.currency,
        stock: input.stock,
        category_id: categoryId,
        subcategory_id: subcategoryId,
        image: input.image ?? defaultProductImage(categoryName),
        config_products: JSON.stringify(configProducts),
        ovh_config: JSON.stringify(ovhConfig),
        ovh_duration: String(input.billing_months),
        service_kind: serviceKind,
        delivery: input.delivery.mode,
        delivery_config: JSON.stringify(deliveryConfigOf(input.delivery)),
        os_choices: JSON.stringify(input.os_choices),
        variants: JSON.stringify(input.variants),
      });
      await writeAudit(trx, {
        actorId: admin.id,
        action: 'product.created',
        entityType: 'product',
        entityId: productId,
        after: {
          slug: input.slug,
          name: input.name,
          price_cents: input.price_cents,
          currency: input.currency,
          billing_months: input.billing_months,
          category_id: categoryId,
          subcategory_id: subcategoryId,
          service_kind: serviceKind,
          delivery: input.delivery.mode,
          os_choices: input.os_choices.map((c) => c.id),
          variants: input.variants.map((v) => v.id),
        },
        ip,
      });
      return productId;
    });
  } catch (err) {
    if (isSlugTaken(err)) throw SlugTaken();
    throw err;
  }
}
