import type { UseQueryResult } from '@tanstack/react-query';

/** What ListState draws, from a query. */
export type QueryListState<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T; stale: boolean };

/**
 * A TanStack query as ListState's states: loading until the first answer, failed when none came,
 * and once data is there it stays shown, marked `stale` while a refresh fails.
 */
export function queryListState<T>(query: Pick<UseQueryResult<T>, 'data' | 'isError'>): QueryListState<T> {
  if (query.data !== undefined) return { status: 'ready', data: query.data, stale: query.isError };
  return query.isError ? { status: 'failed' } : { status: 'loading' };
}
