import type { Knex } from 'knex';
import { endServicesOfRefundedOrder } from '../../services/index';
import type { RefundDestination } from '../../../../shared/constants';
import type { RefundOrderInput } from '../../../../shared/schemas/staff/billing';
import { frozenClock, type Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import type { UserRow } from '../../auth/users.repo';
import type { DocumentIssuer } from '../../invoices/document-issuer';
import type { Mailer } from '../../mail/mail.service';
import { endOrderRefundedInFull } from '../../orders/refunded-in-full';
import { assertTransition, transitionOrder } from '../../orders/order-lifecycle';
import { lockOrder, type OrderRow } from '../../orders/orders.repo';
import { orderPayments } from '../../payments/order-payments';
import { refundLater } from '../../payments/payment-follow-ups';
import { findSettlingPayment } from '../../payments/payment-records.repo';
import { creditWallet, insertWalletMovement, walletOf } from '../../wallet/wallet.repo';
import { OrderNotFound } from '../orders/staff-orders.errors';
import { OrderNotPaid, RefundCurrencyMismatch, RefundExceedsPaid, RefundPaymentUnavailable } from './staff-billing.errors';

/** What giving money back needs besides the database: the job queue, the document issuer, the time, the mails. */
export interface RefundDeps {
  jobs: JobQueue;
  documents: DocumentIssuer;
  clock: Clock;
  /** The customer's mail when the refund ends an undelivered order. */
  mailer: Mailer;
}

/**
 * Billing: gives money back for an order that was paid (the lifecycle's `refunded` event:
 * refunded_cents grows, a credit note corrects the invoice by the amount; the status stays, unless
 * that was all the money of an order not delivered yet, which then ends), to the
 * customer's wallet or to the payment method. One transaction that locks the order row first, so
 * two refunds of one order run one after the other and the second sees what the first took; the
 * orders CHECK (refunded_cents <= total_cents) backs this up. Answers the wallet balance afterwards.
 */
export async function refundOrder(
  db: Knex,
  deps: RefundDeps,
  staff: UserRow,
  orderId: number,
  input: RefundOrderInput,
  ip?: string,
): Promise<number> {
  return db.transaction(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw OrderNotFound();
    assertTransition(order, 'refunded', OrderNotPaid);
    const refundable = order.total_cents - order.refunded_cents;
    if (input.amount_cents > refundable) throw RefundExceedsPaid(refundable);
    return giveBack(trx, deps, staff, order, input, ip);
  });
}

/**
 * Gives `amount_cents` of a paid order back, on a row the caller locked in this transaction (a
 * refund, or the rest of a paid order being cancelled). A wallet holds its customer's currency
 * only: an order paid in another currency is refused there (409 refund_currency_mismatch), never
 * credited as if it were the wallet's. A refund to the payment method is recorded and enqueued
 * here, and sent to the provider by a job after the commit. An order not delivered yet that this
 * refund pays back in full ends there (refunded-in-full.ts); its mail carries the credit note, so
 * the outbox sends it once the PDF is rendered. Answers the wallet balance.
 */
export async function giveBack(
  trx: Knex,
  deps: RefundDeps,
  staff: UserRow,
  order: OrderRow,
  input: Pick<RefundOrderInput, 'amount_cents' | 'reason' | 'to' | 'services'>,
  ip?: string,
): Promise<number> {
  const at = deps.clock.now();
  const refunded = order.refunded_cents;
  const moved =
    input.to === 'payment' ? await toPaymentMethod(trx, deps.jobs, staff, order, input, at) : await toWallet(trx, order, input, at);
  const { order: credited, document } = await transitionOrder(trx, {
    order,
    event: 'refunded',
    actor: staff.id,
    ip,
    clock: frozenClock(at),
    credit: { amountCents: input.amount_cents, reason: input.reason, to: input.to ?? 'wallet' },
    documents: deps.documents,
    audit: {
      before: { refunded_cents: refunded },
      after: { refunded_cents: refunded + input.amount_cents, amount_cents: input.amount_cents, reason: input.reason, ...moved.audit },
    },
    refuse: OrderNotPaid,
  });
  await endOrderRefundedInFull(
    trx,
    { ...deps, clock: frozenClock(at), payments: orderPayments },
    { order: credited, to: moved.destination, creditNote: document, actor: staff.id, ip },
  );
  await endServicesOfRefundedOrder(
    trx,
    { jobs: deps.jobs, clock: frozenClock(at) },
    { order: credited, ending: input.services, actor: staff.id, ip },
  );
  return moved.walletCents;
}

/** Where the rest of a cancelled paid order goes: the wallet when it holds the order's currency, else the payment method. */
export async function refundDestination(trx: Knex, order: OrderRow): Promise<'wallet' | 'payment'> {
  const wallet = await walletOf(trx, order.user_id);
  if (wallet?.currency === order.currency) return 'wallet';
  const payment = await findSettlingPayment(trx, order);
  if (payment) return 'payment';
  throw RefundCurrencyMismatch(order.currency, wallet?.currency ?? '', false);
}

interface Moved {
  walletCents: number;
  destination: RefundDestination;
  audit: Record<string, unknown>;
}

async function toWallet(trx: Knex, order: OrderRow, input: Pick<RefundOrderInput, 'amount_cents' | 'reason'>, at: Date): Promise<Moved> {
  const walletCents = await creditWallet(trx, order.user_id, input.amount_cents, order.currency, at);
  if (walletCents === null) {
    const wallet = await walletOf(trx, order.user_id);
    const payment = await findSettlingPayment(trx, order);
    throw RefundCurrencyMismatch(order.currency, wallet?.currency ?? '', payment !== undefined);
  }
  const transactionId = await insertWalletMovement(
    trx,
    {
      user_id: order.user_id,
      type: 'refund',
      amount_cents: input.amount_cents,
      description: `Remboursement commande #${order.id} : ${input.reason}`,
      order_id: order.id,
    },
    at,
  );
  return { walletCents, destination: 'wallet', audit: { to: 'wallet', wallet_transaction_id: transactionId, wallet_cents: walletCents } };
}

/** Back through the provider that took the payment, in the payment's own currency. */
async function toPaymentMethod(
  trx: Knex,
  jobs: JobQueue,
  staff: UserRow,
  order: OrderRow,
  input: Pick<RefundOrderInput, 'amount_cents'>,
  at: Date,
): Promise<Moved> {
  const payment = await findSettlingPayment(trx, order);
  if (!payment) throw RefundPaymentUnavailable();
  const refundId = await refundLater(
    trx,
    jobs,
    {
      payment_id: payment.id,
      order_id: order.id,
      provider: payment.provider,
      provider_payment_id: payment.provider_payment_id,
      amount_cents: input.amount_cents,
      currency: payment.currency,
      reason: 'staff',
      requested_by: staff.id,
    },
    at,
  );
  const wallet = await walletOf(trx, order.user_id);
  return {
    walletCents: wallet?.balanceCents ?? 0,
    destination: payment.provider,
    audit: { to: 'payment', provider: payment.provider, payment_refund_id: refundId },
  };
}
