import { z } from 'zod';

// Database ids are Postgres `integer` (int4): anything outside 1..2147483647 can name no row, so it
// is refused before a query runs (a larger number would make Postgres raise, and the API answer 500).

export const MAX_ID = 2_147_483_647;

/** An id in a JSON body or a query string ("12" or 12); `key` is the message a field error carries. */
export const entityId = (key?: string) =>
  z.coerce
    .number(key ? { error: key } : undefined)
    .int(key)
    .positive(key)
    .max(MAX_ID, key);

/** An id in a path segment: digits only, no sign, no exponent, no leading zero, at most int4. */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'not an id')
  .transform(Number)
  .refine((n) => n <= MAX_ID, 'not an id');

/** `{ id }` path params, the most common shape. */
export const idParams = z.object({ id: idParam });
