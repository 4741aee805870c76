/** The stock label a product shows: the shop's and the Hosting tiers' (shared, so both say the same). */
export type StockLevel = 'in' | 'low' | 'out';

/** Spec §4: above 5 in stock, 1 to 5 nearly gone, 0 unavailable. */
export function stockLevel(stock: number): StockLevel {
  if (stock > 5) return 'in';
  return stock >= 1 ? 'low' : 'out';
}
