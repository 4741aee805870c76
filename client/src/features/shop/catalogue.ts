import type { Product } from '../../../../shared/schemas/product';

/** A category or subcategory: `key` (its French name) goes in the URL, `name` is shown in the page's language. */
export interface Placement {
  key: string;
  name: string;
}

export interface CategoryGroup extends Placement {
  subcategories: Placement[];
}

/**
 * Categories and their subcategories as the loaded products name them, in the order they come.
 * The URL names them by key, so a chosen category survives a change of language (issue 34).
 */
export function groupCategories(products: readonly Product[]): CategoryGroup[] {
  const groups = new Map<string, CategoryGroup>();
  for (const product of products) {
    const group = groups.get(product.category_key) ?? { key: product.category_key, name: product.category_name, subcategories: [] };
    if (!group.subcategories.some((s) => s.key === product.subcategory_key))
      group.subcategories.push({ key: product.subcategory_key, name: product.subcategory_name });
    groups.set(product.category_key, group);
  }
  return [...groups.values()];
}

/** The chosen category's and subcategory's names in the page's language; a key no product carries shows as it is. */
export function chosenNames(groups: readonly CategoryGroup[], category: string | null, subcategory: string | null) {
  const group = groups.find((g) => g.key === category);
  return {
    category: group?.name ?? category,
    subcategory: group?.subcategories.find((s) => s.key === subcategory)?.name ?? subcategory,
  };
}

export function productsIn(products: readonly Product[], category: string, subcategory: string | null): Product[] {
  return products.filter((p) => p.category_key === category && (subcategory === null || p.subcategory_key === subcategory));
}

export const SHOP_THEMES = ['default', 'minecraft', 'fivem', 'garrysmod', 'linux', 'windows'] as const;
export type ShopTheme = (typeof SHOP_THEMES)[number];

const THEME_BY_NAME: Record<string, ShopTheme> = {
  minecraft: 'minecraft',
  fivem: 'fivem',
  'garrys mods': 'garrysmod',
  'classique linux': 'linux',
  'classique windows': 'windows',
};

/** The page theme follows the chosen subcategory, else the chosen category, else the default. */
export function themeFor(category: string | null, subcategory: string | null): ShopTheme {
  const byName = (name: string | null) => (name ? THEME_BY_NAME[name.trim().toLowerCase()] : undefined);
  return byName(subcategory) ?? byName(category) ?? 'default';
}

export { stockLevel, type StockLevel } from '../../../../shared/catalog/stock-level';
