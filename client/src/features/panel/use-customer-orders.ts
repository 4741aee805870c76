import { useCallback } from 'react';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { ORDERS_PATH, type OrdersResponse } from './panel-api';
import { usePolling } from './use-polling';

/**
 * The customer's orders (GET /api/vps/orders), read again every 10 s while the page is visible;
 * `state.data` is the list, newest first (see usePolling for how a refresh keeps the screen still);
 * `replace` puts in an order a payment just answered.
 */
export function useCustomerOrders() {
  const api = useAuthedApi();
  const read = useCallback(
    async (signal: AbortSignal): Promise<CustomerOrderDto[]> => (await api.get<OrdersResponse>(ORDERS_PATH, { signal })).orders,
    [api],
  );
  const { state, retry, replace } = usePolling({ load: api.token ? read : null });
  return { state, retry, replace };
}
