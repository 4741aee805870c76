import { useMutation, useQueryClient } from '@tanstack/react-query';
import { servicesApi } from '../../../../../shared/contract/services';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { putService, servicesKeys } from './services-keys';

/** "Annuler la résiliation": DELETE /api/services/{id}/cancel, before the end date; the service renews again. */
export function useKeepService() {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(servicesApi.keep, { params: { id: String(id) } }),
    onSuccess: ({ service }) => {
      putService(queryClient, service);
      void queryClient.invalidateQueries({ queryKey: servicesKeys.all });
    },
  });
}
