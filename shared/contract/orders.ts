import { z } from 'zod';
import { customerOrderSchema, customerOrdersPageSchema, customerOrdersQuerySchema } from '../schemas/checkout';
import { idParams } from '../schemas/ids';
import { endpoint } from './endpoint';

/** A customer's own orders (the test payment page, the return pages, the panel's invoices). */
export const ordersApi = {
  get: endpoint({
    method: 'get',
    path: '/api/orders/{id}',
    summary: 'One of the caller’s orders (asks the provider while a payment is being confirmed)',
    tag: 'orders',
    access: 'session',
    params: idParams,
    response: z.object({ order: customerOrderSchema }),
  }),
  list: endpoint({
    method: 'get',
    path: '/api/vps/orders',
    summary: 'The caller’s orders and invoices, newest first, a page at a time (spec §7 "Client panel"); 304 when unchanged',
    tag: 'orders',
    access: 'session',
    query: customerOrdersQuerySchema,
    response: customerOrdersPageSchema,
  }),
  cancel: endpoint({
    method: 'post',
    path: '/api/orders/{id}/cancel',
    summary: 'Cancels one of the caller’s unpaid orders (empty body): its stock back on sale, its payment pages closed',
    tag: 'orders',
    access: 'session',
    params: idParams,
    response: z.object({ order: customerOrderSchema }),
  }),
};
