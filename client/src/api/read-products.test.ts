import { describe, expect, it } from 'vitest';
import { productSchema } from '../../../shared/schemas/product';
import { readProducts } from './read-products';

const product = {
  id: 7,
  slug: 'minecraft-4',
  name: 'Minecraft 4 Go',
  description: 'Survie',
  price_cents: 799,
  support_cents: 50,
  margin_cents: 50,
  tax_rate: 21,
  currency: 'EUR',
  image_url: '/images/products/minecraft.svg',
  stock: 3,
  category_name: 'Minecraft',
  category_key: 'Minecraft',
  subcategory_name: 'Survie',
  subcategory_key: 'Survie',
  storage_type: 'NVMe',
  ovh_duration: 'P1M',
  ovh_pricing_mode: 'default',
  delivery: 'automatic',
  service_kind: 'game',
  os_choices: [],
  variants: [{ id: 'paper', name: 'Paper' }],
};

describe('readProducts (the public pages’ zod-free read of GET /api/products)', () => {
  it.each([
    ['an object', { ram: '4 Go', cores: 2 }],
    ['a JSON string', '{"ram":"4 Go","cores":2}'],
    ['unreadable JSON', '{ram: 4'],
    ['a nested value', { ram: { size: 4 } }],
    ['an array', ['4 Go']],
    ['nothing', undefined],
  ])('reads config_products given as %s exactly as the shared schema does', (_label, config) => {
    const raw = { ...product, config_products: config };
    expect(readProducts([raw])).toEqual([productSchema.parse(raw)]);
  });

  it('leaves out an item without an id or a name, keeps the others in order', () => {
    const second = { ...product, id: 8, name: 'Minecraft 8 Go' };
    const read = readProducts([null, { ...product, id: 'x' }, { ...product, name: undefined }, product, second]);
    expect(read.map((p) => p.id)).toEqual([7, 8]);
  });
});
