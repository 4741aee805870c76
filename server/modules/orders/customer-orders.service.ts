import type { Knex } from 'knex';
import type { CustomerOrderDto } from '../../../shared/schemas/checkout';
import { NotFoundError } from '../../http/errors';
import type { UserRow } from '../auth/users.repo';
import type { Clock } from '../../clock/clock';
import type { JobQueue } from '../../jobs/job-queue';
import { renewedUntil } from './renewed-until';
import { cancelUnpaidOrder } from './customer-cancel';
import { authorize } from '../../policies/authorize';
import { presentCustomerOrder } from './orders.presenter';
import type { InvoicePeppolRecipients } from './ports/invoice-peppol-recipients';
import { findCustomerOrder, linesByOrder, listCustomerOrders, type OrderRow } from './orders.repo';
import type { ClosePaymentsNow, OrderPayments, ReconcileOrder } from './ports/order-payments';

/** PayPal takes an approval for about 3 h after the order is created there; a little margin before. */
export const PAYPAL_LINK_LIFETIME_MS = 3 * 3_600_000 - 10 * 60_000;

/** What a customer reads of their own orders; another customer's order reads as a missing one. */
export function createCustomerOrders(deps: {
  db: Knex;
  reconcile: ReconcileOrder;
  payments: OrderPayments;
  clock: Clock;
  jobs: JobQueue;
  /** Closes a cancelled order's provider pages before the answer (the queued job is the fallback). */
  closePaymentsNow: ClosePaymentsNow;
  /** Which invoices go through Peppol (the e-invoice module's); none said without it. */
  peppolRecipients?: InvoicePeppolRecipients;
}) {
  const { db, reconcile, payments, clock, jobs, closePaymentsNow } = deps;
  const peppolRecipients: InvoicePeppolRecipients = deps.peppolRecipients ?? (async () => new Map());

  /** The orders whose PayPal approval link is past its window (by when the PayPal order was opened). */
  async function stalePaypalLinks(orders: OrderRow[]): Promise<Set<number>> {
    const waiting = orders.filter((o) => o.payment_method === 'paypal' && o.status === 'unpaid' && o.provider_ref && o.payment_url);
    const openedAt = await payments.sessionsOpenedAt(
      db,
      'paypal',
      waiting.map((o) => o.provider_ref!),
    );
    const now = clock.now().getTime();
    const stale = waiting.filter((o) => {
      const at = openedAt.get(o.provider_ref!);
      return !at || now - at.getTime() >= PAYPAL_LINK_LIFETIME_MS;
    });
    return new Set(stale.map((o) => o.id));
  }

  async function one(user: UserRow, orderId: number): Promise<CustomerOrderDto> {
    let order = await findCustomerOrder(db, user.id, orderId);
    if (!order) throw NotFoundError('No such order');
    authorize(user, 'order.read', order);
    // The return page polls this while the payment is confirmed: ask the provider too.
    if (await reconcile(order)) order = (await findCustomerOrder(db, user.id, order.id))!;
    const lines = await linesByOrder(db, [order.id]);
    const stale = await stalePaypalLinks([order]);
    const renewed = await renewedUntil(db, [order]);
    const peppol = await peppolRecipients(db, [order.id]);
    return presentCustomerOrder(order, lines.get(order.id) ?? [], {
      paypalLinkLive: !stale.has(order.id),
      renewedUntil: renewed.get(order.id),
      peppolId: peppol.get(order.id),
    });
  }

  /** A page of the customer's orders, newest first, and the cursor of the next page (null at the end). */
  async function list(
    user: UserRow,
    page: { before?: number; limit: number },
  ): Promise<{ orders: CustomerOrderDto[]; next: number | null }> {
    // One row more than asked tells whether a next page exists.
    const rows = await listCustomerOrders(db, user.id, { before: page.before, limit: page.limit + 1 });
    const orders = rows.slice(0, page.limit);
    const lines = await linesByOrder(
      db,
      orders.map((o) => o.id),
    );
    const stale = await stalePaypalLinks(orders);
    const renewed = await renewedUntil(db, orders);
    const peppol = await peppolRecipients(
      db,
      orders.map((o) => o.id),
    );
    const next = rows.length > page.limit ? orders[orders.length - 1]!.id : null;
    return {
      orders: orders.map((o) =>
        presentCustomerOrder(o, lines.get(o.id) ?? [], {
          paypalLinkLive: !stale.has(o.id),
          renewedUntil: renewed.get(o.id),
          peppolId: peppol.get(o.id),
        }),
      ),
      next,
    };
  }

  /** The customer cancels an unpaid order: it comes back as cancelled, its pages closed at the providers. */
  async function cancel(user: UserRow, orderId: number, ip?: string): Promise<CustomerOrderDto> {
    const cancelled = await cancelUnpaidOrder(db, { jobs, clock, payments }, user, orderId, ip);
    await closePaymentsNow(cancelled.id);
    const lines = await linesByOrder(db, [cancelled.id]);
    return presentCustomerOrder(cancelled, lines.get(cancelled.id) ?? []);
  }

  return { one, list, cancel };
}

export type CustomerOrders = ReturnType<typeof createCustomerOrders>;
