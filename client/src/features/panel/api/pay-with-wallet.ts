import { useMutation } from '@tanstack/react-query';
import { walletApi } from '../../../../../shared/contract/wallet';
import { useAuthedApi } from '../../../app/session/use-authed-api';

/** 'Payer avec mon solde': POST /api/orders/{id}/pay-with-wallet (empty body); answers the paid order and the new balance. */
export function usePayWithWallet() {
  const api = useAuthedApi();
  return useMutation({
    mutationFn: (orderId: number) => api.call(walletApi.pay, { params: { id: String(orderId) } }),
  });
}
