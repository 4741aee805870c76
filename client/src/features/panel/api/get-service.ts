import { useQuery, useQueryClient } from '@tanstack/react-query';
import { servicesApi } from '../../../../../shared/contract/services';
import type { ServicesListDto } from '../../../../../shared/schemas/services';
import { REFRESH_MS } from '../../../api/query-client';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { PROVISIONING_POLL_MS } from './get-services';
import { servicesKeys } from './services-keys';

/**
 * GET /api/services/{id}: one service, shown at once from the list when it is there, then read on
 * its own (another customer's is a 404: "not found").
 */
export function useService(id: number) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  const fromList = queryClient.getQueryData<ServicesListDto>(servicesKeys.list())?.services.find((one) => one.id === id);
  return useQuery({
    queryKey: servicesKeys.detail(id),
    queryFn: ({ signal }) => api.call(servicesApi.get, { params: { id: String(id) } }, { signal }),
    enabled: api.token !== null,
    placeholderData: fromList ? { service: fromList } : undefined,
    // Followed closely while it installs: its delivery, or a reinstall the customer asked for.
    refetchInterval: (query) => {
      const service = query.state.data?.service;
      return service?.status === 'provisioning' || service?.reinstall?.state === 'installing' ? PROVISIONING_POLL_MS : REFRESH_MS;
    },
  });
}
