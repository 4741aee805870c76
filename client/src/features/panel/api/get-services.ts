import { useQuery } from '@tanstack/react-query';
import { servicesApi } from '../../../../../shared/contract/services';
import type { ServicesListDto } from '../../../../../shared/schemas/services';
import { REFRESH_MS } from '../../../api/query-client';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { servicesKeys } from './services-keys';

/** While a server installs, the list follows it closely: "en ligne en quelques minutes" shows up as it happens. */
export const PROVISIONING_POLL_MS = 3_000;

const installing = (list: ServicesListDto | undefined) => list?.services.some((service) => service.status === 'provisioning') ?? false;

/** GET /api/services: everything the customer owns, newest first; read every 10 s, every 3 s while one installs. */
export function useServices() {
  const api = useAuthedApi();
  return useQuery({
    queryKey: servicesKeys.list(),
    queryFn: ({ signal }) => api.call(servicesApi.list, {}, { signal }),
    enabled: api.token !== null,
    refetchInterval: (query) => (installing(query.state.data) ? PROVISIONING_POLL_MS : REFRESH_MS),
  });
}
