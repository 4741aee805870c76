import type { Knex } from 'knex';
import type { OsFamily } from '../../../shared/constants';
import { deliverableUnits, inventoryDemandOf, inventoryStock, countsFreeMachines, type StockedProduct } from './inventory-stock';
import { freeMachineGroups, heldUnits, lockProductForSale } from './inventory-stock.repo';

/**
 * The stock each product shows: products.stock, or for a VPS delivered from the inventory what its
 * free machines can still deliver. Two queries whatever the number of products.
 */
export async function shownStock<P extends StockedProduct & { stock: number }>(
  db: Knex,
  products: readonly P[],
  { ovhAutoOrder }: { ovhAutoOrder: boolean },
): Promise<Map<number, number>> {
  const counted = products.filter((p) => countsFreeMachines(p, ovhAutoOrder));
  const stock = new Map(products.map((p) => [p.id, p.stock]));
  if (!counted.length) return stock;
  const groups = await freeMachineGroups(db);
  const held = await heldUnits(
    db,
    counted.map((p) => p.id),
  );
  for (const product of counted) stock.set(product.id, inventoryStock(inventoryDemandOf(product), groups, held));
  return stock;
}

/**
 * At checkout, in the order's transaction: locks the product, then counts the free machines of the
 * chosen system's family (null: the product offers no system) that no waiting order holds. The
 * lock makes two buyers of the last machine count one after the other, the second seeing the
 * first's order.
 */
export async function freeMachinesForSale(trx: Knex, product: StockedProduct, family: OsFamily | null): Promise<number> {
  await lockProductForSale(trx, product.id);
  const groups = await freeMachineGroups(trx);
  const held = await heldUnits(trx, [product.id]);
  return deliverableUnits(inventoryDemandOf(product), family, groups, held);
}
