import { z } from 'zod';
import { MAX_ID } from './ids';

// Lists read by keyset (issue 18): a page starts after the last row of the one before, named by its
// id, so page 300 costs what page 1 costs and rows added meanwhile neither repeat nor go missing.

/** `?after=`: the id of the last row shown (the previous answer's `next`); absent for the first page. */
export const afterCursor = z.coerce.number().int().min(1).max(MAX_ID).optional();

/** The `after` of the next page; null when this page is the last. */
export const nextCursor = z.number().int().nullable();

/** `?limit=`: how many rows a page holds, at most `max` (the page size by default). */
export const pageLimit = (max: number) => z.coerce.number().int().min(1).max(max).default(max);
