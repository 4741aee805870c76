import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { vpsPanelApi } from '../../../../../shared/contract/vps-panel';
import type { MetricsPeriod } from '../../../../../shared/schemas/vps-panel';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { vpsToolsKeys } from './vps-tools-keys';

/** The server keeps OVH's answer a minute: no use asking more often. */
const FRESH_MS = 60_000;

/** GET /api/services/{id}/metrics?period=: the graphs' series; the last period shown while the next loads. */
export function useVpsMetrics(id: number, period: MetricsPeriod) {
  const api = useAuthedApi();
  return useQuery({
    queryKey: vpsToolsKeys.metrics(id, period),
    queryFn: ({ signal }) => api.call(vpsPanelApi.metrics, { params: { id: String(id) }, query: { period } }, { signal }),
    enabled: api.token !== null,
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
}
