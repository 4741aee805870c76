import { z } from 'zod';
import { servicePeriodMonths } from '../../../../shared/billing/service-period';
import { readTranslations } from '../../../../shared/catalog/catalogue-texts';
import { gameVariantSchema, osChoiceSchema, readDeliverySettings } from '../../../../shared/schemas/delivery-settings';
import type { AdminProductDto } from '../../../../shared/schemas/staff/products';
import type { AdminProductRow } from './products-admin.repo';

/** Stored choices as the form edits them; an entry that no longer reads is left out rather than failing the list. */
const readable = <S extends z.ZodType>(schema: S, items: readonly unknown[]): z.output<S>[] =>
  items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });

/** A product as the Produits category shows it: the catalogue fields staff edit and its delivery section, no OVH config. */
export function presentAdminProduct(row: AdminProductRow): AdminProductDto {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    category_id: row.category_id,
    category_name: row.category_name,
    subcategory_id: row.subcategory_id,
    subcategory_name: row.subcategory_name,
    image: row.image,
    price_cents: row.price_cents,
    support_cents: row.support_cents,
    margin_cents: row.margin_cents,
    tax_rate: row.tax_rate,
    currency: row.currency,
    stock: row.stock,
    is_active: row.is_active,
    description: row.description,
    translations: readTranslations(row.translations),
    storage_type: row.storage_type,
    billing_months: servicePeriodMonths(row.ovh_duration),
    bandwidth: typeof row.config_products?.bandwidth === 'string' ? row.config_products.bandwidth : '',
    updated_at: row.updated_at.toISOString(),
    service_kind: row.service_kind,
    delivery: readDeliverySettings(row.delivery, row.delivery_config),
    os_choices: readable(osChoiceSchema, row.os_choices),
    variants: readable(gameVariantSchema, row.variants),
  };
}
