import { useCallback } from 'react';
import { vpsApi } from '../../../../shared/contract/vps';
import type { VpsDto } from '../../../../shared/schemas/vps';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { REFRESH_INTERVAL_MS, usePolling } from './use-polling';
import { isTransitioning, TRANSITION_POLL_MS } from './vps-power';

/** 10 s as the spec says, 2 s while a machine is starting, stopping or rebooting. */
const delayAfter = (list: VpsDto[]) =>
  list.some((vps) => isTransitioning(vps.vps_info.status)) ? TRANSITION_POLL_MS : REFRESH_INTERVAL_MS;

/**
 * The customer's servers (GET /api/vps), kept fresh while the page is visible. `replaceVps` puts
 * an action's answer in at once; the faster pace then follows the new state.
 */
export function useVpsList() {
  const api = useAuthedApi();
  const read = useCallback(
    async (signal: AbortSignal): Promise<VpsDto[]> => {
      const { vpsList } = await api.call(vpsApi.list, {}, { signal });
      // A malformed answer is a failed read (the previous cards stay), not an empty list.
      if (!Array.isArray(vpsList)) throw new TypeError('GET /api/vps: no vpsList');
      return vpsList;
    },
    [api],
  );
  const { state, retry, replace } = usePolling({ load: api.token ? read : null, delayAfter });
  const replaceVps = useCallback(
    (updated: VpsDto) => replace((list) => list.map((vps) => (vps.vpsId === updated.vpsId ? updated : vps))),
    [replace],
  );
  return { state, retry, replaceVps };
}
