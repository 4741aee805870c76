import type { DeliveryMode, OsFamily } from '../../../shared/constants';
import { allowsOvhOrdering, readDeliverySettings } from '../../../shared/schemas/delivery-settings';
import { planSizeOf, type PlanSize } from '../../../shared/staff/vps-fit';

// The stock of a VPS delivered from the inventory is what can still be delivered (issue 31): the
// free machines that fit it (state available, the chosen system's family, at least its memory,
// cores and storage as the staff picker requires, and the inventory plan its settings name),
// less the units its waiting orders hold and have no machine for yet. Pure: the catalogue and the
// checkout read the same counts (inventory-stock.repo.ts) and come to the same number.

/** Free machines alike: how many of one family, plan and size. */
export interface FreeMachineGroup {
  os_family: OsFamily;
  plan: string;
  ram_gb: number;
  cores: number;
  storage_gb: number;
  machines: number;
}

/** Units of a product that waiting orders hold without a machine yet, by the system chosen (an os_choices id). */
export interface HeldUnits {
  product_id: number;
  os: string | null;
  units: number;
}

/** What a product asks of a machine. */
export interface InventoryDemand {
  id: number;
  /** The inventory plan a machine must carry; '' for any. */
  plan: string;
  /** null: the product says no size, every machine is large enough. */
  size: PlanSize | null;
  osChoices: readonly { id: string; family: OsFamily }[];
}

/** What the counting reads of a product row. */
export interface StockedProduct {
  id: number;
  delivery: DeliveryMode;
  delivery_config: unknown;
  config_products: Record<string, unknown> | null;
  os_choices: readonly { id: string; family: OsFamily }[];
}

/**
 * Whether the product's stock is its free machines rather than products.stock: a VPS from the
 * inventory, unless it may also be bought at OVH (OVH_AUTO_ORDER on and the product allows it),
 * where the number staff set is the limit.
 */
export function countsFreeMachines(product: Pick<StockedProduct, 'delivery' | 'delivery_config'>, ovhAutoOrder: boolean): boolean {
  if (product.delivery !== 'inventory') return false;
  const settings = readDeliverySettings(product.delivery, product.delivery_config);
  return !(ovhAutoOrder && settings !== null && allowsOvhOrdering(settings));
}

export function inventoryDemandOf(product: StockedProduct): InventoryDemand {
  const settings = readDeliverySettings(product.delivery, product.delivery_config);
  return {
    id: product.id,
    plan: settings?.mode === 'inventory' ? settings.inventory.plan : '',
    size: planSizeOf(product.config_products),
    osChoices: product.os_choices,
  };
}

function fittingMachines(groups: readonly FreeMachineGroup[], demand: InventoryDemand, family: OsFamily | null): number {
  const { size } = demand;
  return groups
    .filter(
      (g) =>
        (family === null || g.os_family === family) &&
        (demand.plan === '' || g.plan === demand.plan) &&
        (size === null || (g.ram_gb >= size.ram && g.cores >= size.cores && g.storage_gb >= size.storage)),
    )
    .reduce((sum, g) => sum + g.machines, 0);
}

/** Held units by family; a system no longer offered (or none chosen) counts as null: against every family. */
function heldByFamily(demand: InventoryDemand, held: readonly HeldUnits[]): Map<OsFamily | null, number> {
  const families = new Map(demand.osChoices.map((c) => [c.id, c.family]));
  const out = new Map<OsFamily | null, number>();
  for (const line of held) {
    if (line.product_id !== demand.id || line.units <= 0) continue;
    const family = (line.os !== null && families.get(line.os)) || null;
    out.set(family, (out.get(family) ?? 0) + line.units);
  }
  return out;
}

/** Units that can still be sold with the system of `family` (null: the product offers no system). */
export function deliverableUnits(
  demand: InventoryDemand,
  family: OsFamily | null,
  groups: readonly FreeMachineGroup[],
  held: readonly HeldUnits[],
): number {
  const byFamily = heldByFamily(demand, held);
  const heldUnits =
    family === null ? [...byFamily.values()].reduce((sum, n) => sum + n, 0) : (byFamily.get(family) ?? 0) + (byFamily.get(null) ?? 0);
  return Math.max(0, fittingMachines(groups, demand, family) - heldUnits);
}

/** The product's stock as the shop shows it: what each of its systems' families can still deliver. */
export function inventoryStock(demand: InventoryDemand, groups: readonly FreeMachineGroup[], held: readonly HeldUnits[]): number {
  const families = [...new Set(demand.osChoices.map((c) => c.family))];
  if (families.length === 0) return deliverableUnits(demand, null, groups, held);
  const byFamily = heldByFamily(demand, held);
  const perFamily = families.reduce(
    (sum, family) => sum + Math.max(0, fittingMachines(groups, demand, family) - (byFamily.get(family) ?? 0)),
    0,
  );
  return Math.max(0, perFamily - (byFamily.get(null) ?? 0));
}
