import type { Knex } from 'knex';

/**
 * A list's order for keyset paging: `keys` are SQL expressions over the alias `{t}` (the last one
 * unique, usually `{t}.id`), all in one `direction`. The cursor is a row id of `table`: the page
 * holds the rows past that row's keys. The row is read from the table itself, so a cursor row
 * that has left the list since (paid, moderated) still marks its place; an id of no row gives an
 * empty page. Each list's keys have an index in this order (the migrations name them).
 */
export interface Keyset {
  table: string;
  alias: string;
  keys: readonly string[];
  direction: 'asc' | 'desc';
  /**
   * Where the cursor row's keys come from when they are not columns of `table` (a list ordered by
   * a joined table): the select list and the FROM clause, with one `?` for the cursor id.
   */
  cursor?: { select: string; from: string };
  /**
   * The values of the `?` placeholders in `keys`, in their order (a key computed against the
   * request, such as how a machine compares with the plan bought). Not for `cursor`, whose only `?`
   * is the cursor id.
   */
  bindings?: readonly Knex.Value[];
}

const over = (keys: readonly string[], alias: string) => keys.map((key) => key.replaceAll('{t}', alias)).join(', ');

/** Orders `query` by the keyset and keeps `limit` rows after the row `after` (from the start without it). */
export function keysetPage<Q extends Knex.QueryBuilder>(query: Q, keyset: Keyset, after: number | undefined, limit: number): Q {
  const { table, alias, keys, direction, bindings = [] } = keyset;
  query.orderByRaw(keys.map((key) => `${key.replaceAll('{t}', alias)} ${direction}`).join(', '), [...bindings]).limit(limit);
  if (after !== undefined) {
    const compare = direction === 'desc' ? '<' : '>';
    // The keys appear twice below (the row's, the cursor row's) when the cursor is read from `table`.
    const cursor = keyset.cursor
      ? { ...keyset.cursor, bindings: [] }
      : { select: over(keys, 'cursor_row'), from: `${table} cursor_row WHERE cursor_row.id = ?`, bindings };
    query.whereRaw(`(${over(keys, alias)}) ${compare} (SELECT ${cursor.select} FROM ${cursor.from})`, [
      ...bindings,
      ...cursor.bindings,
      after,
    ]);
  }
  return query;
}

/** Reads one row more than the page to know whether a next page exists: the page and its `next` cursor. */
export async function readKeysetPage<T extends { id: number | string }>(
  query: Knex.QueryBuilder,
  keyset: Keyset,
  after: number | undefined,
  limit: number,
): Promise<{ rows: T[]; next: number | null }> {
  const rows = (await keysetPage(query, keyset, after, limit + 1)) as T[];
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? Number(page[page.length - 1]!.id) : null };
}
