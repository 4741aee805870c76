import { useCallback, useMemo, useState } from 'react';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { usePolling, type PolledState } from './use-polling';

type AuthedApi = ReturnType<typeof useAuthedApi>;

export interface PagedListOptions<Page, Item> {
  /** One page: the first without a cursor, the page after `cursor` with one. */
  read: (api: AuthedApi, cursor: number | null, signal?: AbortSignal) => Promise<Page>;
  items: (page: Page) => Item[];
  /** The page with other items (an answer put in at once); the list keeps its cursor. */
  withItems: (page: Page, items: Item[]) => Page;
  next: (page: Page) => number | null;
  /** An item's identity: a row on the first page and below it shows once. */
  idOf: (item: Item) => string | number;
  /** When to read the first page again (usePolling's pace, 10 s by default). */
  delayAfter?: (page: Page) => number;
}

interface Older<Item> {
  api: unknown;
  /** Every item shown so far below the first page (kept even when new ones push them off it). */
  items: Item[];
  next: number | null;
}

/**
 * A panel list, newest first, a page at a time: the first page is read again while the page is
 * visible (the browser revalidates it with its ETag: an unchanged list is a 304 without a body);
 * 'Charger plus' adds the page after the last one shown. `state.data` is everything shown;
 * `replaceItems` puts in an answer (an action, a payment) on every page at once.
 */
export function usePolledPages<Page, Item>({ read, items, withItems, next: nextOf, idOf, delayAfter }: PagedListOptions<Page, Item>) {
  const api = useAuthedApi();
  const load = useCallback((signal: AbortSignal) => read(api, null, signal), [api, read]);
  const { state: first, retry, replace } = usePolling({ load: api.token ? load : null, delayAfter });
  const [older, setOlder] = useState<Older<Item> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const shownOlder = older && older.api === api ? older : null;

  const state: PolledState<Item[]> = useMemo(() => {
    if (first.status !== 'ready') return first;
    const onFirst = items(first.data);
    const ids = new Set(onFirst.map(idOf));
    const below = (shownOlder?.items ?? []).filter((item) => !ids.has(idOf(item)));
    return { status: 'ready', stale: first.stale, data: [...onFirst, ...below] };
  }, [first, shownOlder, items, idOf]);
  const next = shownOlder ? shownOlder.next : first.status === 'ready' ? nextOf(first.data) : null;

  const loadMore = useCallback(async () => {
    if (next === null || loadingMore || state.status !== 'ready') return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await read(api, next);
      const seen = new Set(state.data.map(idOf));
      setOlder({ api, items: [...state.data, ...items(page).filter((item) => !seen.has(idOf(item)))], next: nextOf(page) });
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [api, next, loadingMore, state, read, items, nextOf, idOf]);

  const replaceItems = useCallback(
    (change: (list: Item[]) => Item[]) => {
      replace((page) => withItems(page, change(items(page))));
      setOlder((now) => (now ? { ...now, items: change(now.items) } : now));
    },
    [replace, items, withItems],
  );

  return { state, retry, replaceItems, hasMore: next !== null, loadMore, loadingMore, moreFailed };
}
