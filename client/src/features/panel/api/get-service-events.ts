import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { servicesApi } from '../../../../../shared/contract/services';
import { REFRESH_MS } from '../../../api/query-client';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { servicesKeys } from './services-keys';

/**
 * GET /api/services/{id}/events: the service's history, read every 10 s, and at once when the service
 * itself changed (`revision`: a reinstall ending, an end asked), the last list shown meanwhile.
 */
export function useServiceEvents(id: number, revision: string) {
  const api = useAuthedApi();
  return useQuery({
    queryKey: [...servicesKeys.detail(id), 'events', revision],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.call(servicesApi.events, { params: { id: String(id) } }, { signal }),
    enabled: api.token !== null,
    refetchInterval: REFRESH_MS,
  });
}
