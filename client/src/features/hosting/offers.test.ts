import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../shared/schemas/product';
import { cheapestPerCategory, keySpecs } from './offers';
import { product } from './test-offers';

describe('cheapestPerCategory (spec §2, §9)', () => {
  it('keeps the 3 cheapest of each category, by price_cents, categories in catalogue order', () => {
    const products = [
      product(1, 'Minecraft', 1599),
      product(2, 'Minecraft', 399),
      product(3, 'Classique Linux', 900),
      product(4, 'Minecraft', 799),
      product(5, 'Minecraft', 2999),
      product(6, 'Minecraft', 500),
      product(7, 'Classique Linux', 600),
    ];
    expect(cheapestPerCategory(products).map((p) => p.id)).toEqual([2, 6, 4, 7, 3]);
  });

  it('files a product without a category under Autre', () => {
    expect(cheapestPerCategory([product(1, '', 100), product(2, 'Autre', 50)]).map((p) => p.id)).toEqual([2, 1]);
  });
});

describe('keySpecs', () => {
  it('lists ram, cores, storage and bandwidth from an object or a JSON string', () => {
    expect(keySpecs(product(1, 'X', 1))).toEqual([
      { key: 'ram', value: '4 Go' },
      { key: 'cores', value: '2' },
      { key: 'storage', value: '40 Go SSD' },
      { key: 'bandwidth', value: '500 Mbit/s' },
    ]);
    expect(keySpecs({ config_products: '{"ram":"8 Go"}' as unknown as Product['config_products'] })).toEqual([
      { key: 'ram', value: '8 Go' },
    ]);
  });

  it('drops an unreadable config', () => {
    expect(keySpecs({ config_products: '{oops' as unknown as Product['config_products'] })).toEqual([]);
  });
});
