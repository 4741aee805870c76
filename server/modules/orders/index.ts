import type { RequestHandler } from 'express';
import { createCustomerOrders } from './customer-orders.service';
import { ordersRoutes } from './orders.routes';

/** The customer's orders: list, detail, cancel and the payment's status. */
export function ordersModule({ requireUser, ...deps }: Parameters<typeof createCustomerOrders>[0] & { requireUser: RequestHandler }) {
  const orders = createCustomerOrders(deps);
  return { routes: ordersRoutes({ orders, requireUser }), orders };
}
