import { useMutation } from '@tanstack/react-query';
import { ordersApi } from '../../../../../shared/contract/orders';
import { useAuthedApi } from '../../../app/session/use-authed-api';

/** "Annuler la commande": POST /api/orders/{id}/cancel (empty body); answers the order, cancelled. */
export function useCancelOrder() {
  const api = useAuthedApi();
  return useMutation({
    mutationFn: (orderId: number) => api.call(ordersApi.cancel, { params: { id: String(orderId) } }),
  });
}
