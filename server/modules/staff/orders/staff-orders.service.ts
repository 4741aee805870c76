import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { vpsFit } from '../../../../shared/staff/vps-fit';
import { CloudActionRefused } from '../../../providers/cloud/errors';
import type { CloudAdapter } from '../../../providers/cloud/types';
import { recordPowerStatus } from '../../vps/vps.repo';
import { addMonths } from '../../../../shared/billing/service-period';
import { osFamilyOf, vpsFitsOrderOs } from '../../../../shared/staff/os-family';
import { frozenClock, systemClock, type Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import type { DocumentIssuer } from '../../invoices/document-issuer';
import { serverText } from '../../../i18n/server-text';
import { giveBack, refundDestination } from '../billing/staff-billing.service';
import { writeAudit } from '../../audit/audit.repo';
import { findUserById, type UserRow } from '../../auth/users.repo';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages';
import type { Mailer } from '../../mail/mail.service';
import { assertTransition, transitionOrder } from '../../orders/order-lifecycle';
import { lockOrder, stockedLines, type OrderRow } from '../../orders/orders.repo';
import { returnStock } from '../../orders/stock.repo';
import { closeOpenPaymentsLater } from '../../payments/payment-follow-ups';
import { insertPaymentOnce } from '../../payments/payment-records.repo';
import { settleOrder } from '../../payments/settle-order';
import { queueVpsDeliveredMail } from './vps-delivered.mail';
import {
  OrderNotCancellable,
  OrderNotConfirmable,
  OrderNotFound,
  OrderNotTakeable,
  OrderNotUnpaid,
  OsMismatch,
  VpsNotAvailable,
  VpsNotFound,
  VpsSmallerThanOrder,
  VpsUpgradeNotChosen,
} from './staff-orders.errors';
import { machineSize } from './staff-orders.presenter';
import { assignVps, lockVps, orderDeliveryTerms } from './staff-orders.repo';
import { deliverServiceByHand } from '../../services/index';
import { authorize } from '../../../policies/authorize';

/**
 * The staff order workflow (DESIGN.md §3 "Order lifecycle"): take, deliver a VPS, mark a bank
 * transfer received, cancel. Each is one transaction around the lifecycle's event (order-lifecycle.ts),
 * dated by the clock.
 */
export function createStaffOrders(deps: {
  db: Knex;
  jobs: JobQueue;
  documents: DocumentIssuer;
  mailer: Mailer;
  clock?: Clock;
  /** Starts the delivered machine; without it (unit wiring) it stays as the fleet has it. */
  cloud?: CloudAdapter;
  logger?: Pick<Logger, 'warn'>;
}) {
  const { db, jobs, documents, mailer, cloud, logger } = deps;
  const clock = deps.clock ?? systemClock;

  /** Locks the order or answers 404. */
  async function lockedOrder(trx: Knex, orderId: number): Promise<OrderRow> {
    const order = await lockOrder(trx, orderId);
    if (!order) throw OrderNotFound();
    return order;
  }

  /**
   * 'Prendre': one conditional UPDATE (no lock first), so of two agents racing exactly one changes
   * the row; the other (or a take of an order not pending and free) gets 409.
   */
  async function take(agent: UserRow, orderId: number, ip?: string): Promise<void> {
    await db.transaction(async (trx) => {
      await transitionOrder(trx, {
        orderId,
        event: 'taken',
        actor: agent.id,
        ip,
        clock,
        set: { support_id: agent.id },
        audit: { before: { support_id: null }, after: { support_id: agent.id } },
        refuse: OrderNotTakeable,
      });
    });
  }

  /**
   * 'Assigner VPS': delivers the order with this machine, which runs from now for the product's
   * months. The order row is locked, then the VPS row (always in that order, so two confirms never
   * wait on each other crosswise): of two orders racing for one machine, the second finds it
   * assigned and gets 409. The OS family and the size are checked here again, whatever the panel
   * offered: a machine smaller than the plan bought is refused, a larger one is delivered only when
   * staff chose the upgrade (written to the audit log). The machine is started after the commit
   * (no provider call inside the transaction), so the customer finds it running.
   */
  async function confirm(agent: UserRow, orderId: number, vpsId: number, ip?: string, choice: { upgrade?: boolean } = {}): Promise<void> {
    const delivered = await db.transaction(async (trx) => {
      const order = await lockedOrder(trx, orderId);
      assertTransition(order, 'delivered', OrderNotConfirmable);
      // The system may deliver a pending order; an agent delivers the one they took.
      if (order.status !== 'in_progress') throw OrderNotConfirmable();
      authorize(agent, 'order.confirm', order);

      const vps = await lockVps(trx, vpsId);
      if (!vps) throw VpsNotFound();
      if (vps.state !== 'available' || vps.order_id !== null) throw VpsNotAvailable();
      const terms = await orderDeliveryTerms(trx, order.id);
      if (!vpsFitsOrderOs(terms.os, vps.os_family)) throw OsMismatch(osFamilyOf(terms.os) ?? '-');
      const fit = vpsFit(terms.plan, machineSize(vps));
      if (fit === 'smaller') throw VpsSmallerThanOrder();
      if (fit === 'larger' && choice.upgrade !== true) throw VpsUpgradeNotChosen();
      const upgrade = fit === 'larger' ? { ordered: terms.plan, product: terms.product, delivered: machineSize(vps) } : undefined;

      const at = clock.now();
      const assigned = await assignVps(trx, vps.id, order.id, at, addMonths(at, terms.durationMonths));
      await writeAudit(trx, {
        actorId: agent.id,
        action: 'vps.assigned',
        entityType: 'vps',
        entityId: vps.id,
        before: { state: vps.state, order_id: null },
        after: { state: 'assigned', order_id: order.id, expires_at: assigned.expires_at.toISOString(), ...(upgrade ? { upgrade } : {}) },
        ip,
      });
      if (upgrade) {
        await writeAudit(trx, {
          actorId: agent.id,
          action: 'vps.upgraded',
          entityType: 'order',
          entityId: order.id,
          before: { plan: terms.product, ...terms.plan },
          after: { vps_id: vps.id, plan: vps.plan, ...machineSize(vps) },
          ip,
        });
      }
      // The service waiting for this machine is delivered with it; the order is delivered once none waits.
      const handed = await deliverServiceByHand(trx, {
        order,
        vpsId: vps.id,
        expiresAt: assigned.expires_at,
        agentId: agent.id,
        clock: frozenClock(at),
        ip,
      });
      if (handed.othersWaiting) {
        return { mailId: await queueVpsDeliveredMail(trx, mailer, order, assigned), serviceName: assigned.service_name };
      }
      const supportId = order.support_id ?? agent.id;
      const done = await transitionOrder(trx, {
        order,
        event: 'delivered',
        actor: agent.id,
        ip,
        clock: frozenClock(at),
        set: { support_id: supportId },
        audit: { before: { support_id: order.support_id }, after: { support_id: supportId, vps_id: vps.id } },
        mail: (tx, paid) => queueVpsDeliveredMail(tx, mailer, paid, assigned),
        refuse: OrderNotConfirmable,
      });
      return { mailId: done.mailId, serviceName: assigned.service_name };
    });
    if (delivered.mailId !== null) mailer.send([delivered.mailId]);
    await startDelivered(vpsId, delivered.serviceName);
  }

  /**
   * A delivered machine starts running: the provider is asked after the commit. When it cannot be
   * (provider down, already moving) the order stays delivered and the machine shows its real state in
   * the panel, where the customer can start it.
   */
  async function startDelivered(vpsId: number, serviceName: string): Promise<void> {
    if (!cloud) return;
    try {
      await cloud.act(serviceName, 'start');
      const after = cloud.mode === 'simulated' ? (await cloud.getVps(serviceName)).status : 'starting';
      await recordPowerStatus(db, vpsId, after, clock.now());
    } catch (err) {
      if (err instanceof CloudActionRefused && err.reason === 'already_running') return;
      logger?.warn({ vpsId, reason: err instanceof Error ? err.message : String(err) }, 'delivered VPS could not be started');
    }
  }

  /**
   * Billing: the bank transfer arrived. The same settlement as a provider's payment (invoice
   * number without gaps, unpaid -> pending or a renewal -> paid, "payment received" job), with a
   * payment row naming the staff member who saw the money.
   */
  async function markPaid(staff: UserRow, orderId: number, ip?: string): Promise<void> {
    await db.transaction(async (trx) => {
      const order = await lockedOrder(trx, orderId);
      assertTransition(order, 'paid', OrderNotUnpaid);
      const reference = `staff-${staff.id}-order-${order.id}`;
      await insertPaymentOnce(
        trx,
        {
          order_id: order.id,
          user_id: order.user_id,
          provider: 'bank_transfer',
          provider_payment_id: reference,
          event_type: 'staff.marked_paid',
          amount_cents: order.total_cents,
          currency: order.currency,
          payload: { staffId: staff.id, transferReference: order.transfer_reference },
        },
        clock.now(),
      );
      await settleOrder(trx, { jobs, clock, documents }, order, {
        method: 'bank_transfer',
        providerRef: reference,
        actorId: staff.id,
        auditAfter: { provider: 'bank_transfer', markedBy: staff.id, transferReference: order.transfer_reference },
        ip,
        refuse: OrderNotUnpaid,
      });
    });
  }

  /**
   * Billing: an open order is cancelled and the stock its checkout took comes back (a renewal took
   * none). An order that was paid gets back what was not refunded yet, as a credit note correcting
   * its invoice with the money in the customer's wallet (or back on the payment method when the
   * wallet holds another currency). The checkouts still open at providers are closed after the
   * commit, so nobody pays a cancelled order.
   */
  async function cancel(staff: UserRow, orderId: number, ip?: string): Promise<void> {
    await db.transaction(async (trx) => {
      const order = await lockedOrder(trx, orderId);
      assertTransition(order, 'cancelled', OrderNotCancellable);
      const rest = order.paid_at ? order.total_cents - order.refunded_cents : 0;
      const destination = rest > 0 ? await refundDestination(trx, order) : null; // refused before anything moves
      const restocked = order.renewal_of_order_id ? [] : await stockedLines(trx, order.id);
      for (const line of restocked) await returnStock(trx, line.product_id, line.qty, clock.now());
      const { order: cancelled } = await transitionOrder(trx, {
        order,
        event: 'cancelled',
        actor: staff.id,
        ip,
        clock,
        audit: { before: { support_id: order.support_id }, after: { restocked } },
        refuse: OrderNotCancellable,
      });
      if (destination) {
        const reason = serverText((await findUserById(trx, order.user_id))?.language ?? DEFAULT_LANGUAGE, 'invoice.cancellationReason', {
          orderId: String(order.id),
        });
        await giveBack(trx, { jobs, documents, clock, mailer }, staff, cancelled, { amount_cents: rest, reason, to: destination }, ip);
      }
      await closeOpenPaymentsLater(trx, jobs, order.id);
    });
  }

  return { take, confirm, markPaid, cancel };
}

export type StaffOrders = ReturnType<typeof createStaffOrders>;
