import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { PaymentAdapters } from '../../providers/payments/index';
import type { CloseOutcome } from '../../providers/payments/types';
import { writeAudit } from '../audit/audit.repo';
import type { PaymentEvents } from './payment-events.service';
import type { ClosePaymentsJob } from './payment-follow-ups';
import { notePaymentSessionError, openPaymentSessions, settlePaymentSession, type PaymentSessionRow } from './payment-sessions.repo';

const SESSION_STATUS: Record<CloseOutcome, 'closed' | 'paid' | 'expiring'> = { closed: 'closed', paid: 'paid', open: 'expiring' };

/**
 * After an order is paid (wallet, webhook, capture, bank transfer): each of its checkouts still
 * open at a provider is closed through the adapter, one provider call at a time and outside any
 * transaction, and what the provider answered is recorded on the session and audited. A checkout
 * found paid meanwhile is fetched and applied like a notification: the payment events then record
 * it and queue its refund. A provider that fails leaves its session open and the job is retried.
 */
export function createClosePayments(deps: {
  db: Knex;
  adapters: PaymentAdapters;
  events: Pick<PaymentEvents, 'apply'>;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
}) {
  const { db, adapters, events, clock, logger } = deps;

  async function close(session: PaymentSessionRow): Promise<void> {
    const adapter = adapters[session.provider];
    const outcome = await adapter.closePayment(session.provider_ref);
    if (outcome === 'paid') {
      const payment = await adapter.fetchPayment(session.provider_ref);
      if (payment?.outcome === 'paid') await events.apply(payment);
    }
    await db.transaction(async (trx) => {
      await settlePaymentSession(trx, session.id, SESSION_STATUS[outcome], clock.now());
      await writeAudit(trx, {
        actorId: null,
        action: 'payment.checkout_closed',
        entityType: 'order',
        entityId: session.order_id,
        after: { provider: session.provider, providerRef: session.provider_ref, outcome, mode: adapter.mode },
      });
    });
    logger.info({ orderId: session.order_id, provider: session.provider, outcome }, 'open checkout closed');
  }

  return async function closeOpenPayments({ orderId }: ClosePaymentsJob): Promise<void> {
    const failed: string[] = [];
    for (const session of await openPaymentSessions(db, orderId)) {
      try {
        await close(session);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        failed.push(session.provider);
        await notePaymentSessionError(db, session.id, reason, clock.now());
        logger.warn({ orderId, provider: session.provider, reason }, 'open checkout not closed, will be retried');
      }
    }
    if (failed.length) throw new Error(`Checkouts of order ${orderId} not closed (${failed.join(', ')}): retried later`);
  };
}
