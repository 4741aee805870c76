// Whether a machine is the plan the customer bought (issue 17 "The server they bought"). Pure, so
// the VPS selection panel orders the machines and the server's confirm refuses them the same way.

/** What a plan or a machine gives: memory and storage in GB, cores in vCPU. */
export interface PlanSize {
  ram: number;
  cores: number;
  storage: number;
}

/**
 * 'match': the same memory, cores and storage; 'larger': at least as much of each and more of one
 * (an upgrade, which staff must choose); 'smaller': less of any (never delivered).
 */
export type VpsFit = 'match' | 'larger' | 'smaller';

/** The first number of a spec as the catalogue writes it ('2 Go', '40 Go SSD', 4, '1,5 To'); null when none. */
export function specNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const found = /(\d+(?:[.,]\d+)?)\s*(to|tb)?/i.exec(value);
  if (!found?.[1]) return null;
  const n = Number(found[1].replace(',', '.'));
  return found[2] ? n * 1024 : n;
}

/** The ordered plan's size from an order line's config_products, or null when it does not say all three. */
export function planSizeOf(config: Record<string, unknown> | null | undefined): PlanSize | null {
  const ram = specNumber(config?.ram);
  const cores = specNumber(config?.cores);
  const storage = specNumber(config?.storage);
  return ram === null || cores === null || storage === null ? null : { ram, cores, storage };
}

/** How a machine compares with the plan bought; with no plan known every machine is a match. */
export function vpsFit(plan: PlanSize | null, machine: PlanSize): VpsFit {
  if (!plan) return 'match';
  const keys = ['ram', 'cores', 'storage'] as const;
  if (keys.some((k) => machine[k] < plan[k])) return 'smaller';
  return keys.every((k) => machine[k] === plan[k]) ? 'match' : 'larger';
}

const RANK: Record<VpsFit, number> = { match: 0, larger: 1, smaller: 2 };

/**
 * Matches first, then upgrades from the smallest, then the machines too small; stable otherwise. The
 * server pages the free machines in this order in SQL (availableVpsOrder, staff-order-reads.repo.ts).
 */
export function byFit<T extends { fit: VpsFit } & PlanSize>(machines: readonly T[]): T[] {
  return [...machines].sort((a, b) => RANK[a.fit] - RANK[b.fit] || a.ram - b.ram || a.cores - b.cores || a.storage - b.storage);
}
