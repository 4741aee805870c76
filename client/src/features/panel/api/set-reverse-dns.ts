import { useMutation, useQueryClient } from '@tanstack/react-query';
import { servicesApi } from '../../../../../shared/contract/services';
import type { ServiceReverseDnsInput } from '../../../../../shared/schemas/services';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { putService, servicesKeys } from './services-keys';

/** PUT /api/services/{id}/reverse-dns: the service comes back with its new name. */
export function useSetReverseDns(id: number) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceReverseDnsInput) => api.call(servicesApi.reverseDns, { params: { id: String(id) }, body }),
    onSuccess: ({ service }) => {
      putService(queryClient, service);
      void queryClient.invalidateQueries({ queryKey: servicesKeys.all });
    },
  });
}
