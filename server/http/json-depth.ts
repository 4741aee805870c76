/**
 * How many levels of arrays and objects a request body or query may nest. No form of the API goes
 * past 4; JSON.parse itself takes any depth, so a body of `[[[[…` 3,000 deep (48 kB, under the size
 * limit) reached code that walks it and blew the stack (a 500). Refused before anything walks it.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether arrays and objects nest deeper than `max` levels; walked with a stack of its own, never recursively. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (!next.value || typeof next.value !== 'object' || Buffer.isBuffer(next.value)) continue;
    const depth = next.depth + 1;
    if (depth > max) return true;
    for (const item of Object.values(next.value)) pending.push({ value: item, depth });
  }
  return false;
}
