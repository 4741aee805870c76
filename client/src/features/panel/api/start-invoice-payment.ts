import { useMutation } from '@tanstack/react-query';
import { checkoutApi } from '../../../../../shared/contract/checkout';
import type { BodyIn } from '../../../../../shared/contract/endpoint';
import { useAuthedApi } from '../../../app/session/use-authed-api';

/** 'Payer' on an unpaid invoice: POST /api/checkout/invoice opens a Mollie payment; answers where to send the customer. */
export function useStartInvoicePayment() {
  const api = useAuthedApi();
  return useMutation({
    mutationFn: (body: BodyIn<typeof checkoutApi.invoice>) => api.call(checkoutApi.invoice, { body }),
  });
}
