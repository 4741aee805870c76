/** A product's config_products value: name -> string or number. */
export type ProductConfig = Record<string, string | number>;

/**
 * config_products as the catalogue sends it: an object, or a JSON string of one (spec §3). Anything
 * unreadable, or with a value that is neither text nor a number, is dropped (undefined). Plain code,
 * no zod: the public pages read products with it, and the shared schema preprocesses with it.
 */
export function readProductConfig(value: unknown): ProductConfig | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const entries = Object.entries(parsed);
  return entries.every(([, v]) => typeof v === 'string' || typeof v === 'number') ? (parsed as ProductConfig) : undefined;
}
