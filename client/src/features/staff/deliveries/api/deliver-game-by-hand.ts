import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffDeliveriesApi } from '../../../../../../shared/contract/staff-deliveries';
import type { z } from 'zod';
import type { manualGameDeliverySchema } from '../../../../../../shared/schemas/staff/deliveries';
import { useStaffApi } from '../../use-staff-api';
import { deliveriesKeys } from './deliveries-keys';

export type ManualGameDelivery = z.output<typeof manualGameDeliverySchema>;

/** A game server an agent made on the panel by hand: POST /api/admin/deliveries/{serviceId}/manual; the service turns active. */
export function useDeliverGameByHand(serviceId: number) {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualGameDelivery) => api.call(staffDeliveriesApi.manual, { params: { serviceId: String(serviceId) }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deliveriesKeys.all }),
  });
}
