import { useCallback } from 'react';
import { vpsApi } from '../../../../shared/contract/vps';
import type { VpsDto, VpsListDto } from '../../../../shared/schemas/vps';
import { REFRESH_INTERVAL_MS } from './use-polling';
import { usePolledPages, type PagedListOptions } from './use-polled-pages';
import { isTransitioning, TRANSITION_POLL_MS } from './vps-power';

const SERVERS: PagedListOptions<VpsListDto, VpsDto> = {
  read: async (api, after, signal) => {
    const page = await api.call(vpsApi.list, after === null ? {} : { query: { after } }, { signal });
    // A malformed answer is a failed read (the previous cards stay), not an empty list.
    if (!Array.isArray(page.vpsList)) throw new TypeError('GET /api/vps: no vpsList');
    return page;
  },
  items: (page) => page.vpsList,
  withItems: (page, vpsList) => ({ ...page, vpsList }),
  next: (page) => page.next,
  idOf: (vps) => vps.vpsId,
  // 10 s as the spec says, 2 s while a machine is starting, stopping or rebooting.
  delayAfter: (page) => (page.vpsList.some((vps) => isTransitioning(vps.vps_info.status)) ? TRANSITION_POLL_MS : REFRESH_INTERVAL_MS),
};

/**
 * The customer's servers (GET /api/vps), newest first, 50 at a time. `replaceVps` puts an action's
 * answer in at once; the faster pace then follows the new state.
 */
export function useVpsList() {
  const { replaceItems, ...list } = usePolledPages(SERVERS);
  const replaceVps = useCallback(
    (updated: VpsDto) => replaceItems((all) => all.map((vps) => (vps.vpsId === updated.vpsId ? updated : vps))),
    [replaceItems],
  );
  return { ...list, replaceVps };
}
