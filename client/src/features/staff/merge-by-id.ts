/**
 * The fresh list, in the server's order, without duplicates (pages shift while orders move), and
 * with the previous object kept for every row that did not change: React leaves those rows alone,
 * so a refresh never flickers or loses a focused button.
 */
export function mergeById<T extends { id: number }>(previous: readonly T[], fresh: readonly T[]): T[] {
  const before = new Map(previous.map((row) => [row.id, row]));
  const seen = new Set<number>();
  const merged: T[] = [];
  for (const row of fresh) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const old = before.get(row.id);
    merged.push(old && JSON.stringify(old) === JSON.stringify(row) ? old : row);
  }
  return merged;
}
