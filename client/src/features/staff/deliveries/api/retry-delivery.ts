import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffDeliveriesApi } from '../../../../../../shared/contract/staff-deliveries';
import { useStaffApi } from '../../use-staff-api';
import { deliveriesKeys } from './deliveries-keys';

/** "Réessayer": POST /api/admin/deliveries/{serviceId}/retry (202, the automatic delivery runs again). */
export function useRetryDelivery() {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: number) => api.call(staffDeliveriesApi.retry, { params: { serviceId: String(serviceId) } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deliveriesKeys.all }),
  });
}
