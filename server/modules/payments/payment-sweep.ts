import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { PaymentAdapters } from '../../providers/payments/index';
import { writeAudit } from '../audit/audit.repo';
import type { SettleAtProvider } from './settle-at-provider';
import {
  claimDuePaymentSessions,
  closePaymentSession,
  notePaymentSessionError,
  notePaymentSessionState,
  type PaymentSessionRow,
} from './payment-sessions.repo';

export interface SweepReport {
  asked: number;
  paid: number;
  closed: number;
  failed: number;
}

/**
 * The guarantee behind the webhooks: every checkout still open at a provider (or left there to
 * lapse) is asked about on a schedule (every 5 min in its first hour, then hourly, until the
 * provider ends it) and what the provider says is settled exactly as its webhook would be:
 * paid, captured (a PayPal approval, a Mollie hold), released, or closed when it expired, was
 * cancelled or failed. Money for an order already paid or cancelled is refunded by the payment
 * events. Each checkout is claimed before its provider is called, and every settlement is
 * idempotent (unique event and payment rows), so a sweep that dies midway and runs again settles
 * once. One provider down does not stop the others.
 */
export function createPaymentSweep(deps: {
  db: Knex;
  adapters: PaymentAdapters;
  settle: SettleAtProvider;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
}) {
  const { db, adapters, settle, clock, logger } = deps;

  /** Answers what became of the checkout. */
  async function ask(session: PaymentSessionRow): Promise<'paid' | 'closed' | 'open'> {
    const adapter = adapters[session.provider];
    const event = await adapter.fetchPayment(session.provider_ref);
    if (!event) {
      // The provider does not know it (any more): nothing can be paid there.
      await closeWithAudit(session, 'unknown_at_provider');
      return 'closed';
    }
    // Money taken but not settled, or held, is shown to staff until it ends; noted before the
    // capture, so a hold the shop fails to capture stays visible while the next slots retry.
    const state = event.outcome === 'authorized' ? 'held' : event.settling ? 'pending' : null;
    if (state) await notePaymentSessionState(db, session.id, state, clock.now());
    const { outcome, released } = await settle(event);
    if (outcome === 'paid' || outcome === 'paid_twice' || outcome === 'paid_after_cancel' || outcome === 'payment_already_recorded') {
      return 'paid';
    }
    if (event.outcome === 'cancelled' || event.outcome === 'failed' || released) {
      await closeWithAudit(session, released ? 'released' : event.eventType);
      return 'closed';
    }
    if (!state) await notePaymentSessionState(db, session.id, null, clock.now());
    return 'open';
  }

  async function closeWithAudit(session: PaymentSessionRow, why: string): Promise<void> {
    await db.transaction(async (trx) => {
      await closePaymentSession(trx, session.id, clock.now());
      await writeAudit(trx, {
        actorId: null,
        action: 'payment.checkout_ended',
        entityType: 'order',
        entityId: session.order_id,
        after: { provider: session.provider, providerRef: session.provider_ref, why },
      });
    });
  }

  return {
    async sweep(): Promise<SweepReport> {
      const report: SweepReport = { asked: 0, paid: 0, closed: 0, failed: 0 };
      for (const session of await claimDuePaymentSessions(db, clock.now())) {
        if (adapters[session.provider].mode === 'disabled') continue; // no keys: nothing to ask
        report.asked += 1;
        try {
          const result = await ask(session);
          if (result === 'paid') report.paid += 1;
          if (result === 'closed') report.closed += 1;
        } catch (err) {
          report.failed += 1;
          const reason = err instanceof Error ? err.message : String(err);
          await notePaymentSessionError(db, session.id, reason, clock.now());
          logger.warn(
            { orderId: session.order_id, provider: session.provider, reason },
            'payment sweep: provider not asked, next slot retries',
          );
        }
      }
      if (report.asked) logger.info(report, 'payment sweep done');
      return report;
    },
  };
}

export type PaymentSweep = ReturnType<typeof createPaymentSweep>;
