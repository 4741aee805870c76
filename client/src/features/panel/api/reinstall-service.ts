import { useMutation, useQueryClient } from '@tanstack/react-query';
import { servicesApi } from '../../../../../shared/contract/services';
import type { ServiceReinstallInput } from '../../../../../shared/schemas/services';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { putService, servicesKeys } from './services-keys';

/** POST /api/services/{id}/reinstall: the service comes back "installing", and is followed from there. */
export function useReinstallService(id: number) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceReinstallInput) => api.call(servicesApi.reinstall, { params: { id: String(id) }, body }),
    onSuccess: ({ service }) => {
      putService(queryClient, service);
      void queryClient.invalidateQueries({ queryKey: servicesKeys.all });
    },
  });
}
