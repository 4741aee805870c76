/** A map read that fails loudly: a seed that names a missing row is a bug in the seed. */
export function lookup<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed: unknown ${what} ${String(key)}`);
  return value;
}
