import type { Product } from '../../../../shared/schemas/product';

/** A product as GET /api/products sends it (the contract's shape). */
export function apiProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    slug: 'minecraft-survie-2go',
    name: 'Minecraft Survie 2 Go',
    description: 'Un serveur Vanilla pour jouer en survie entre amis.',
    price_cents: 399,
    support_cents: 0,
    margin_cents: 0,
    tax_rate: 21,
    currency: 'EUR',
    image_url: null,
    stock: 25,
    category_name: 'Minecraft',
    subcategory_name: 'Vanilla',
    config_products: { ram: '2 Go', cores: 1, storage: '20 Go SSD', traffic: 'Illimité', bandwidth: '250 Mbit/s' },
    ovh_duration: '1',
    ovh_pricing_mode: 'default',
    delivery: 'manual',
    service_kind: 'vps',
    os_choices: [],
    variants: [],
    storage_type: 'SSD',
    ...overrides,
    // Keys as the French names, unless a test names them.
    category_key: overrides.category_key ?? overrides.category_name ?? 'Minecraft',
    subcategory_key: overrides.subcategory_key ?? overrides.subcategory_name ?? 'Vanilla',
  };
}

/** A small catalogue: two categories, one with two subcategories, the three stock levels. */
export const catalogue = [
  apiProduct(),
  apiProduct({
    id: 2,
    slug: 'mc-modde',
    name: 'Minecraft Moddé 8 Go',
    subcategory_name: 'Moddé',
    stock: 4,
    price_cents: 1499,
    support_cents: 200,
    margin_cents: 100,
  }),
  apiProduct({ id: 3, slug: 'mc-reseau', name: 'Minecraft Réseau 16 Go', subcategory_name: 'Réseau', stock: 0 }),
  apiProduct({
    id: 4,
    slug: 'win-vps',
    name: 'VPS Windows 8 Go',
    category_name: 'Classique Windows',
    subcategory_name: 'VPS Windows',
    stock: 6,
  }),
];
