import type { Product } from '../../../../shared/schemas/product';

/** A catalogue product for tests, as GET /api/products returns it. */
export function product(id: number, category: string, price_cents: number, extra: Partial<Product> = {}): Product {
  return {
    id,
    slug: `p-${id}`,
    name: `Produit ${id}`,
    description: '',
    price_cents,
    support_cents: 0,
    margin_cents: 0,
    tax_rate: 21,
    currency: 'EUR',
    image_url: null,
    stock: 10,
    category_name: category,
    subcategory_name: 'Sans sous-catégorie',
    config_products: { ram: '4 Go', cores: 2, storage: '40 Go SSD', bandwidth: '500 Mbit/s' },
    ovh_duration: '1',
    ovh_pricing_mode: 'monthly',
    delivery: 'manual',
    service_kind: 'vps',
    os_choices: [],
    variants: [],
    storage_type: 'SSD',
    ...extra,
    category_key: extra.category_key ?? extra.category_name ?? category,
    subcategory_key: extra.subcategory_key ?? extra.subcategory_name ?? 'Sans sous-catégorie',
  };
}
