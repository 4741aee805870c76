import type { Product } from '../../../../shared/schemas/product';

export interface CategoryGroup {
  name: string;
  subcategories: string[];
}

/** Categories and their subcategories as the loaded products name them, in the order they come. */
export function groupCategories(products: readonly Product[]): CategoryGroup[] {
  const groups = new Map<string, Set<string>>();
  for (const product of products) {
    const subcategories = groups.get(product.category_name) ?? new Set<string>();
    subcategories.add(product.subcategory_name);
    groups.set(product.category_name, subcategories);
  }
  return [...groups].map(([name, subcategories]) => ({ name, subcategories: [...subcategories] }));
}

export function productsIn(products: readonly Product[], category: string, subcategory: string | null): Product[] {
  return products.filter((p) => p.category_name === category && (subcategory === null || p.subcategory_name === subcategory));
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

export type StockLevel = 'in' | 'low' | 'out';

/** Spec §4: above 5 in stock, 1 to 5 nearly gone, 0 unavailable. */
export function stockLevel(stock: number): StockLevel {
  if (stock > 5) return 'in';
  return stock >= 1 ? 'low' : 'out';
}
