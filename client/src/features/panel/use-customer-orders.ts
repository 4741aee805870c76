import { useCallback } from 'react';
import { ordersApi } from '../../../../shared/contract/orders';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { usePolling } from './use-polling';

/**
 * The customer's orders (GET /api/vps/orders), read again every 10 s while the page is visible;
 * `state.data` is the list, newest first (see usePolling for how a refresh keeps the screen still);
 * `replace` puts in an order a payment just answered.
 */
export function useCustomerOrders() {
  const api = useAuthedApi();
  const read = useCallback(
    async (signal: AbortSignal): Promise<CustomerOrderDto[]> => (await api.call(ordersApi.list, {}, { signal })).orders,
    [api],
  );
  const { state, retry, replace } = usePolling({ load: api.token ? read : null });
  return { state, retry, replace };
}
