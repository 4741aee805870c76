import { useMutation, useQueryClient } from '@tanstack/react-query';
import { servicesApi } from '../../../../../shared/contract/services';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { putService, servicesKeys } from './services-keys';

/** "Résilier": POST /api/services/{id}/cancel, at the end of the paid term (asked twice, nothing changes). */
export function useCancelService() {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(servicesApi.cancel, { params: { id: String(id) }, body: { when: 'end_of_term' } }),
    onSuccess: ({ service }) => {
      putService(queryClient, service);
      void queryClient.invalidateQueries({ queryKey: servicesKeys.all });
    },
  });
}
