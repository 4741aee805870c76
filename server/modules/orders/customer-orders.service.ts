import type { Knex } from 'knex';
import type { CustomerOrderDto } from '../../../shared/schemas/checkout';
import { NotFoundError } from '../../http/errors';
import type { UserRow } from '../auth/users.repo';
import type { PaymentReconciler } from '../payments/reconcile';
import { presentCustomerOrder } from './orders.presenter';
import { findCustomerOrder, linesByOrder, listCustomerOrders } from './orders.repo';

/** What a customer reads of their own orders; another customer's order reads as a missing one. */
export function createCustomerOrders(deps: { db: Knex; reconcile: PaymentReconciler }) {
  const { db, reconcile } = deps;

  async function one(user: UserRow, orderId: number): Promise<CustomerOrderDto> {
    let order = await findCustomerOrder(db, user.id, orderId);
    if (!order) throw NotFoundError('No such order');
    // The return page polls this while the payment is confirmed: ask the provider too.
    if (await reconcile(order)) order = (await findCustomerOrder(db, user.id, order.id))!;
    const lines = await linesByOrder(db, [order.id]);
    return presentCustomerOrder(order, lines.get(order.id) ?? []);
  }

  async function list(user: UserRow): Promise<CustomerOrderDto[]> {
    const orders = await listCustomerOrders(db, user.id);
    const lines = await linesByOrder(
      db,
      orders.map((o) => o.id),
    );
    return orders.map((o) => presentCustomerOrder(o, lines.get(o.id) ?? []));
  }

  return { one, list };
}

export type CustomerOrders = ReturnType<typeof createCustomerOrders>;
