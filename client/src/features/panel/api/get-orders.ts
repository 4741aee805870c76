import { ordersApi } from '../../../../../shared/contract/orders';
import type { CustomerOrderDto } from '../../../../../shared/schemas/checkout';
import { panelKeys } from './panel-keys';
import { usePolledPages } from './polled-pages';

const idOf = (order: CustomerOrderDto) => order.id;

/**
 * The customer's orders (GET /api/vps/orders), newest first, 50 at a time, read again every
 * 10 s. `replace` puts in an order a payment or a cancel just answered.
 */
export function useCustomerOrders() {
  const { replaceItems, ...list } = usePolledPages<CustomerOrderDto>({
    queryKey: panelKeys.orders,
    read: async (api, before, signal) => {
      const page = await api.call(ordersApi.list, before === null ? {} : { query: { before } }, { signal });
      return { items: page.orders, next: page.next };
    },
    idOf,
  });
  return { ...list, replace: replaceItems };
}
