import { z } from 'zod';

/**
 * The days a date filter may name. Every stored date of the shop falls well inside, and past these
 * ends things break rather than find nothing: Postgres has no year 0000, and the zip of the
 * accountant export stamps its files in DOS time, which ends in 2107 and starts in 1980.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';

const NOT_A_DAY = 'Date attendue au format AAAA-MM-JJ.';
const OUT_OF_RANGE = `Date attendue entre le ${FIRST_DAY} et le ${LAST_DAY}.`;

/** YYYY-MM-DD (ISO order), in range: ISO days sort as text. */
const inRange = (day: string) => day >= FIRST_DAY && day <= LAST_DAY;

/**
 * A calendar day, YYYY-MM-DD, between FIRST_DAY and LAST_DAY: `2026-02-31` or `0000-00-00` is not
 * a day and is refused, never clamped, so the 400 names the field (no 500 from Postgres' `::date`).
 */
export const calendarDay = z.iso.date({ error: NOT_A_DAY }).refine(inRange, OUT_OF_RANGE);

/** A calendar day or an instant with its offset (2026-11-21T10:00:00Z), its day in range. */
export const calendarDayOrInstant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Date ISO attendue (AAAA-MM-JJ ou date-heure).' })
  .refine((value) => inRange(value.slice(0, 10)), OUT_OF_RANGE);
