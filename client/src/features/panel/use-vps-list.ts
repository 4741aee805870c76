import { useCallback, useMemo, useState } from 'react';
import { vpsApi } from '../../../../shared/contract/vps';
import type { VpsDto, VpsListDto } from '../../../../shared/schemas/vps';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { REFRESH_INTERVAL_MS, usePolling, type PolledState } from './use-polling';
import { isTransitioning, TRANSITION_POLL_MS } from './vps-power';

/** 10 s as the spec says, 2 s while a machine is starting, stopping or rebooting. */
const delayAfter = (page: VpsListDto) =>
  page.vpsList.some((vps) => isTransitioning(vps.vps_info.status)) ? TRANSITION_POLL_MS : REFRESH_INTERVAL_MS;

interface Older {
  api: unknown;
  /** Every machine shown so far below the first page (kept even when new ones push them off it). */
  list: VpsDto[];
  next: number | null;
}

/**
 * The customer's servers (GET /api/vps), newest first, 50 at a time. The first page is read again
 * while the page is visible (the browser revalidates it with its ETag: an unchanged list is a 304
 * without a body); 'Charger plus' adds the next page once. `replaceVps` puts an action's answer
 * in at once; the faster pace then follows the new state.
 */
export function useVpsList() {
  const api = useAuthedApi();
  const read = useCallback(
    async (signal: AbortSignal): Promise<VpsListDto> => {
      const page = await api.call(vpsApi.list, {}, { signal });
      // A malformed answer is a failed read (the previous cards stay), not an empty list.
      if (!Array.isArray(page.vpsList)) throw new TypeError('GET /api/vps: no vpsList');
      return page;
    },
    [api],
  );
  const { state: first, retry, replace } = usePolling({ load: api.token ? read : null, delayAfter });
  const [older, setOlder] = useState<Older | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const shownOlder = older && older.api === api ? older : null;

  const state: PolledState<VpsDto[]> = useMemo(() => {
    if (first.status !== 'ready') return first;
    const onFirst = new Set(first.data.vpsList.map((vps) => vps.vpsId));
    const below = (shownOlder?.list ?? []).filter((vps) => !onFirst.has(vps.vpsId));
    return { status: 'ready', stale: first.stale, data: [...first.data.vpsList, ...below] };
  }, [first, shownOlder]);
  const next = shownOlder ? shownOlder.next : first.status === 'ready' ? first.data.next : null;

  const loadMore = useCallback(async () => {
    if (next === null || loadingMore || state.status !== 'ready') return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await api.call(vpsApi.list, { query: { after: next } });
      const seen = new Set(state.data.map((vps) => vps.vpsId));
      setOlder({ api, list: [...state.data, ...page.vpsList.filter((vps) => !seen.has(vps.vpsId))], next: page.next });
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [api, next, loadingMore, state]);

  const replaceVps = useCallback(
    (updated: VpsDto) => {
      const change = (list: VpsDto[]) => list.map((vps) => (vps.vpsId === updated.vpsId ? updated : vps));
      replace((page) => ({ ...page, vpsList: change(page.vpsList) }));
      setOlder((now) => (now ? { ...now, list: change(now.list) } : now));
    },
    [replace],
  );
  return { state, retry, replaceVps, hasMore: next !== null, loadMore, loadingMore, moreFailed };
}
