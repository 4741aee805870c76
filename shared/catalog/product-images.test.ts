import { describe, expect, it } from 'vitest';
import { productImageSchema } from '../schemas/product-image';
import { defaultProductImage, productImageUrl } from './product-images';

describe('product illustrations', () => {
  it.each([
    ['Minecraft', 'minecraft'],
    ['Fivem', 'fivem'],
    ['Garrys Mods', 'garrys-mod'],
    ['Classique Linux', 'vps-linux'],
    ['Classique Windows', 'vps-windows'],
    ['Autre', 'server'],
  ])('a product of %s gets %s by default', (category, image) => {
    expect(defaultProductImage(category)).toBe(image);
  });

  it('accepts only the shop’s own illustrations', () => {
    expect(productImageSchema.safeParse('minecraft').success).toBe(true);
    expect(productImageSchema.safeParse('https://example.com/x.png').success).toBe(false);
    expect(productImageUrl('vps-linux')).toBe('/images/products/vps-linux.svg');
  });
});
