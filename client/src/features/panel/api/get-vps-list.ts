import { useCallback } from 'react';
import { vpsApi } from '../../../../../shared/contract/vps';
import type { VpsDto } from '../../../../../shared/schemas/vps';
import { REFRESH_MS } from '../../../api/query-client';
import { isTransitioning, TRANSITION_POLL_MS } from '../vps-power';
import { panelKeys } from './panel-keys';
import { usePolledPages } from './polled-pages';

const idOf = (vps: VpsDto) => vps.vpsId;

/**
 * The customer's servers (GET /api/vps), newest first, 50 at a time, read again every 10 s, every
 * 2 s while a machine starts, stops or reboots. `replaceVps` puts an action's answer in at once;
 * the faster pace then follows the new state.
 */
export function useVpsList() {
  const { replaceItems, ...list } = usePolledPages<VpsDto>({
    queryKey: panelKeys.vpsList,
    read: async (api, after, signal) => {
      const page = await api.call(vpsApi.list, after === null ? {} : { query: { after } }, { signal });
      // A malformed answer is a failed read (the previous cards stay), not an empty list.
      if (!Array.isArray(page.vpsList)) throw new TypeError('GET /api/vps: no vpsList');
      return { items: page.vpsList, next: page.next };
    },
    idOf,
    interval: (servers) => (servers.some((vps) => isTransitioning(vps.vps_info.status)) ? TRANSITION_POLL_MS : REFRESH_MS),
  });
  const replaceVps = useCallback(
    (updated: VpsDto) => void replaceItems((all) => all.map((vps) => (vps.vpsId === updated.vpsId ? updated : vps))),
    [replaceItems],
  );
  return { ...list, replaceVps };
}
