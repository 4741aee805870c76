import { ordersApi } from '../../../../shared/contract/orders';
import type { CustomerOrderDto, CustomerOrdersPageDto } from '../../../../shared/schemas/checkout';
import { usePolledPages, type PagedListOptions } from './use-polled-pages';

const ORDERS: PagedListOptions<CustomerOrdersPageDto, CustomerOrderDto> = {
  read: (api, before, signal) => api.call(ordersApi.list, before === null ? {} : { query: { before } }, { signal }),
  items: (page) => page.orders,
  withItems: (page, orders) => ({ ...page, orders }),
  next: (page) => page.next,
  idOf: (order) => order.id,
};

/**
 * The customer's orders (GET /api/vps/orders), newest first, 50 at a time, the first page read
 * again every 10 s. `replace` puts in an order a payment just answered.
 */
export function useCustomerOrders() {
  const { replaceItems, ...list } = usePolledPages(ORDERS);
  return { ...list, replace: replaceItems };
}
