import type { Knex } from 'knex';
import type { OrderStatus } from '../../../../shared/constants';
import { osFamilyOf, vpsFitsOrderOs } from '../../../../shared/staff/os-family';
import type { JobQueue } from '../../../jobs/job-queue';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import type { Mailer } from '../../mail/mail.service';
import { lockOrder, type OrderRow } from '../../orders/orders.repo';
import { settleOrder } from '../../payments/settle-order';
import { queueVpsDeliveredMail } from './vps-delivered.mail';
import {
  OrderNotCancellable,
  OrderNotConfirmable,
  OrderNotFound,
  OrderNotTakeable,
  OrderNotUnpaid,
  OrderNotYours,
  OsMismatch,
  VpsNotAvailable,
  VpsNotFound,
} from './staff-orders.errors';
import { lockVps, orderDeliveryTerms } from './staff-orders.repo';

const CANCELLABLE: readonly OrderStatus[] = ['unpaid', 'pending', 'in_progress'];

/**
 * The staff order workflow (DESIGN.md §3 "Order lifecycle"): take, deliver a VPS, mark a bank
 * transfer received, cancel. Each change is one transaction with its audit rows.
 */
export function createStaffOrders(deps: { db: Knex; jobs: JobQueue; mailer: Mailer }) {
  const { db, jobs, mailer } = deps;

  /** Locks the order or answers 404. */
  async function lockedOrder(trx: Knex, orderId: number): Promise<OrderRow> {
    const order = await lockOrder(trx, orderId);
    if (!order) throw OrderNotFound();
    return order;
  }

  /**
   * 'Prendre': one conditional UPDATE, so of two agents racing exactly one changes the row; the
   * other (or a take of an order not pending) gets 409.
   */
  async function take(agent: UserRow, orderId: number, ip?: string): Promise<void> {
    await db.transaction(async (trx) => {
      const taken = await trx('orders')
        .where({ id: orderId, status: 'pending' })
        .whereNull('support_id')
        .update({ status: 'in_progress', support_id: agent.id, taken_at: trx.fn.now(), updated_at: trx.fn.now() }, ['id']);
      if (!taken.length) {
        const exists = await trx('orders').where({ id: orderId }).first('id');
        throw exists ? OrderNotTakeable() : OrderNotFound();
      }
      await writeAudit(trx, {
        actorId: agent.id,
        action: 'order.taken',
        entityType: 'order',
        entityId: orderId,
        before: { status: 'pending', support_id: null },
        after: { status: 'in_progress', support_id: agent.id },
        ip,
      });
    });
  }

  /**
   * 'Assigner VPS': delivers the order with this machine. The order row is locked, then the VPS
   * row (always in that order, so two confirms never wait on each other crosswise): of two orders
   * racing for one machine, the second finds it assigned and gets 409. The OS family is checked
   * here again, whatever the panel offered.
   */
  async function confirm(agent: UserRow, orderId: number, vpsId: number, ip?: string): Promise<void> {
    const mailId = await db.transaction(async (trx) => {
      const order = await lockedOrder(trx, orderId);
      if (order.status !== 'in_progress') throw OrderNotConfirmable();
      if (order.support_id !== null && order.support_id !== agent.id) throw OrderNotYours();

      const vps = await lockVps(trx, vpsId);
      if (!vps) throw VpsNotFound();
      if (vps.state !== 'available' || vps.order_id !== null) throw VpsNotAvailable();
      const terms = await orderDeliveryTerms(trx, order.id);
      if (!vpsFitsOrderOs(terms.os, vps.os_family)) throw OsMismatch(osFamilyOf(terms.os) ?? '-');

      const [assigned] = (await trx('vps')
        .where({ id: vps.id })
        .update(
          {
            state: 'assigned',
            order_id: order.id,
            assigned_at: trx.fn.now(),
            started_at: trx.fn.now(),
            expires_at: trx.raw(`now() + make_interval(months => ?)`, [terms.durationMonths]),
            updated_at: trx.fn.now(),
          },
          ['service_name', 'ip', 'os', 'expires_at'],
        )) as { service_name: string; ip: string; os: string; expires_at: Date }[];
      const supportId = order.support_id ?? agent.id;
      await trx('orders')
        .where({ id: order.id })
        .update({ status: 'paid', support_id: supportId, delivered_at: trx.fn.now(), updated_at: trx.fn.now() });

      await writeAudit(trx, {
        actorId: agent.id,
        action: 'vps.assigned',
        entityType: 'vps',
        entityId: vps.id,
        before: { state: vps.state, order_id: null },
        after: { state: 'assigned', order_id: order.id, expires_at: assigned!.expires_at.toISOString() },
        ip,
      });
      await writeAudit(trx, {
        actorId: agent.id,
        action: 'order.delivered',
        entityType: 'order',
        entityId: order.id,
        before: { status: order.status, support_id: order.support_id },
        after: { status: 'paid', support_id: supportId, vps_id: vps.id },
        ip,
      });
      return queueVpsDeliveredMail(trx, mailer, order, assigned!);
    });
    if (mailId !== null) mailer.send([mailId]);
  }

  /**
   * Billing: the bank transfer arrived. The same settlement as a provider's payment (invoice
   * number without gaps, unpaid -> pending or a renewal -> paid, "payment received" job), with a
   * payment row naming the staff member who saw the money.
   */
  async function markPaid(staff: UserRow, orderId: number, ip?: string): Promise<void> {
    await db.transaction(async (trx) => {
      const order = await lockedOrder(trx, orderId);
      if (order.status !== 'unpaid') throw OrderNotUnpaid();
      const reference = `staff-${staff.id}-order-${order.id}`;
      await trx('payments').insert({
        order_id: order.id,
        user_id: order.user_id,
        provider: 'bank_transfer',
        provider_payment_id: reference,
        event_type: 'staff.marked_paid',
        status: 'succeeded',
        amount_cents: order.total_cents,
        currency: order.currency,
        payload: JSON.stringify({ staffId: staff.id, transferReference: order.transfer_reference }),
      });
      await settleOrder(trx, jobs, order, {
        method: 'bank_transfer',
        providerRef: reference,
        actorId: staff.id,
        auditAfter: { provider: 'bank_transfer', markedBy: staff.id, transferReference: order.transfer_reference },
        ip,
      });
    });
  }

  /**
   * Billing: an open order is cancelled and the stock its checkout took comes back (a renewal took
   * none). Money already received for a pending order is refunded by staff outside this call.
   */
  async function cancel(staff: UserRow, orderId: number, ip?: string): Promise<void> {
    await db.transaction(async (trx) => {
      const order = await lockedOrder(trx, orderId);
      if (!CANCELLABLE.includes(order.status)) throw OrderNotCancellable();
      await trx('orders').where({ id: order.id }).update({ status: 'cancelled', cancelled_at: trx.fn.now(), payment_url: null, updated_at: trx.fn.now() });
      const restocked: { product_id: number; qty: number }[] = [];
      if (!order.renewal_of_order_id) {
        const lines: { product_id: number | null; qty: number }[] = await trx('order_lines')
          .where({ order_id: order.id })
          .whereNotNull('product_id')
          .orderBy('product_id')
          .select('product_id', 'qty');
        for (const line of lines) {
          await trx('products').where({ id: line.product_id! }).update({ stock: trx.raw('stock + ?', [line.qty]), updated_at: trx.fn.now() });
          restocked.push({ product_id: line.product_id!, qty: line.qty });
        }
      }
      await writeAudit(trx, {
        actorId: staff.id,
        action: 'order.cancelled',
        entityType: 'order',
        entityId: order.id,
        before: { status: order.status, support_id: order.support_id },
        after: { status: 'cancelled', restocked },
        ip,
      });
    });
  }

  return { take, confirm, markPaid, cancel };
}

export type StaffOrders = ReturnType<typeof createStaffOrders>;
