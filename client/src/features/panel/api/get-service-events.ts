import { useQuery } from '@tanstack/react-query';
import { servicesApi } from '../../../../../shared/contract/services';
import { REFRESH_MS } from '../../../api/query-client';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { servicesKeys } from './services-keys';

/** GET /api/services/{id}/events: the service's history, read with the service every 10 s. */
export function useServiceEvents(id: number) {
  const api = useAuthedApi();
  return useQuery({
    queryKey: [...servicesKeys.detail(id), 'events'],
    queryFn: ({ signal }) => api.call(servicesApi.events, { params: { id: String(id) } }, { signal }),
    enabled: api.token !== null,
    refetchInterval: REFRESH_MS,
  });
}
