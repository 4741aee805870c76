// The shop's own product illustrations (client/public/images/products/<key>.svg, 320×200, a few KB
// each). A product stores one of these keys, never a free URL: every image is ours, light and sharp.

export const PRODUCT_IMAGES = ['minecraft', 'fivem', 'garrys-mod', 'vps-linux', 'vps-windows', 'server'] as const;
export type ProductImage = (typeof PRODUCT_IMAGES)[number];

/** The generic illustration: a product of a category we have no drawing for. */
export const GENERIC_PRODUCT_IMAGE: ProductImage = 'server';

/** Intrinsic size of every illustration, so pages reserve the space before it loads (no layout shift). */
export const PRODUCT_IMAGE_WIDTH = 320;
export const PRODUCT_IMAGE_HEIGHT = 200;

/** Where the shop serves the illustration (same origin, cached by the browser). */
export function productImageUrl(image: ProductImage): string {
  return `/images/products/${image}.svg`;
}

// Category name (as the catalogue names them, any case) -> its illustration.
const BY_CATEGORY: readonly [RegExp, ProductImage][] = [
  [/minecraft/i, 'minecraft'],
  [/five ?m/i, 'fivem'],
  [/garry/i, 'garrys-mod'],
  [/windows/i, 'vps-windows'],
  [/linux/i, 'vps-linux'],
];

/** The illustration a product of this category gets when none was chosen. */
export function defaultProductImage(categoryName: string): ProductImage {
  return BY_CATEGORY.find(([pattern]) => pattern.test(categoryName))?.[1] ?? GENERIC_PRODUCT_IMAGE;
}
