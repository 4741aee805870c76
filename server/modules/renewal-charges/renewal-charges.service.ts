import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { ChargeResult } from '../../providers/payments/recurring/types';
import { PaymentProviderError, type PaymentProvider } from '../../providers/payments/types';
import { writeAudit } from '../audit/audit.repo';
import { findUserById, type UserRow } from '../auth/users.repo';
import { queueBillingNotice } from '../billing-cycle/billing-notice';
import type { DocumentIssuer } from '../invoices/document-issuer';
import type { Mailer } from '../mail/mail.service';
import type { PaymentEvents } from '../payments/payment-events.service';
import { defaultSavedMethod, findSavedMethod, type SavedMethodRow } from '../saved-methods/saved-methods.repo';
import type { RecurringAdapters } from '../saved-methods/saved-methods.service';
import { payWithWallet } from '../wallet/pay-with-wallet';
import { FIRST_CHARGE_DAYS } from '../../../shared/billing/service-period';
import { currentSlot, nextSlotAt } from './charge-slots';
import { warnExpiringCards } from './expiring-cards';
import {
  chargeUnderway,
  claimAttempt,
  endAttempt,
  renewalsToCharge,
  walletFirst,
  type AttemptRow,
  type AttemptStatus,
  type ChargeCandidate,
} from './renewal-charges.repo';

/** An attempt still `started` this long after its claim crashed mid-way: the next run tries it again, same key. */
const STALE_MS = 10 * 60_000;

export interface RenewalChargeDeps {
  db: Knex;
  mailer: Mailer;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  recurring: RecurringAdapters;
  /** Settles a charge that succeeded as every payment is settled (invoice number, period, reactivation). */
  events: PaymentEvents;
  jobs: JobQueue;
  documents: DocumentIssuer;
  publicUrl: string;
}

/**
 * Automatic renewal (issue 21): from 3 days before its due date, an unpaid renewal invoice of a
 * server with automatic renewal on is paid from the wallet when it covers it (unless the customer
 * turned that off), else charged off-session on the default saved method. One attempt per slot
 * (3 days, 1 day before, on the day), each audited; a refusal mails a link to pay by hand, a
 * charge that needs the customer (3-D Secure) mails a link to finish it. Provider calls are made
 * outside any transaction, with an idempotency key derived from the invoice and the slot. Each run
 * first mails the customers whose default card will have expired by their next charge.
 */
export function createRenewalCharges(deps: RenewalChargeDeps) {
  const { db, clock, logger } = deps;

  async function run(): Promise<number> {
    await warnExpiringCards(deps);
    const now = clock.now();
    const due = await renewalsToCharge(db, new Date(now.getTime() + FIRST_CHARGE_DAYS * 86_400_000));
    let attempted = 0;
    for (const candidate of due) {
      try {
        if (await chargeOne(candidate)) attempted += 1;
      } catch (err) {
        logger.warn({ orderId: candidate.id, err }, 'renewal charge failed; the next run tries again');
      }
    }
    if (attempted > 0) logger.info({ attempted }, 'renewal charges');
    return attempted;
  }

  async function chargeOne(candidate: ChargeCandidate): Promise<boolean> {
    const now = clock.now();
    const slot = currentSlot(now, candidate.due_at);
    if (!slot || (await chargeUnderway(db, candidate.id))) return false;
    const user = await findUserById(db, candidate.user_id);
    if (!user) return false;
    const total = candidate.total_cents;
    const fromWallet = (await walletFirst(db, user.id)) && user.currency === candidate.currency && user.wallet_cents >= total;
    const method = fromWallet ? undefined : await defaultSavedMethod(db, user.id);
    if (!fromWallet && !method) return false; // nothing to charge: the invoice waits to be paid by hand
    const attempt = await claimAttempt(
      db,
      { order_id: candidate.id, slot, source: fromWallet ? 'wallet' : method!.provider, payment_method_id: method?.id ?? null },
      now,
      new Date(now.getTime() - STALE_MS),
    );
    if (!attempt) return false;
    if (attempt.source === 'wallet') await chargeWallet(attempt, candidate, user);
    else await chargeMethod(attempt, candidate, user);
    return true;
  }

  async function chargeWallet(attempt: AttemptRow, candidate: ChargeCandidate, user: UserRow) {
    try {
      const paid = await payWithWallet(db, { jobs: deps.jobs, documents: deps.documents }, user, candidate.id, clock);
      await finish(attempt, candidate, user, { status: 'succeeded', provider_ref: paid.order.provider_ref });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // The balance moved or the invoice was paid meanwhile: recorded; the next slot tries again.
      await finish(attempt, candidate, user, { status: 'error', failure_code: err.code });
    }
  }

  async function chargeMethod(attempt: AttemptRow, candidate: ChargeCandidate, user: UserRow) {
    const method = attempt.payment_method_id ? await findSavedMethod(db, user.id, Number(attempt.payment_method_id)) : undefined;
    if (!method) return finish(attempt, candidate, user, { status: 'error', failure_code: 'method_removed' });
    let result: ChargeResult;
    try {
      result = await charge(method, attempt, candidate);
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      // Unreachable: the attempt stays `started`; a later run retries it with the same key.
      logger.warn({ orderId: candidate.id, reason: err.message }, 'renewal charge: provider unreachable');
      return;
    }
    if (result.status === 'succeeded') {
      const provider: PaymentProvider = method.provider === 'mollie' ? 'mollie' : 'stripe';
      await deps.events.apply({
        provider,
        eventId: `${result.providerRef}:renewal-charge`,
        eventType: 'renewal.charge.succeeded',
        outcome: 'paid',
        providerPaymentId: result.providerRef,
        orderId: candidate.id,
        amountCents: candidate.total_cents,
        currency: candidate.currency,
        payload: { renewalChargeAttempt: Number(attempt.id), slot: attempt.slot, sandbox: method.provider === 'sandbox' },
      });
    }
    await finish(attempt, candidate, user, {
      status: result.status,
      provider_ref: result.providerRef,
      failure_code: 'code' in result ? result.code : null,
      method,
    });
  }

  function charge(method: SavedMethodRow, attempt: AttemptRow, candidate: ChargeCandidate): Promise<ChargeResult> {
    if (method.provider === 'sandbox') return Promise.resolve(sandboxCharge(method, attempt));
    const adapter = deps.recurring[method.provider];
    if (!adapter) throw new PaymentProviderError(method.provider, `${method.provider} has no keys any more`);
    return adapter.charge({
      customerId: method.provider_customer_id ?? '',
      providerMethodId: method.provider_method_id,
      amountCents: candidate.total_cents,
      currency: candidate.currency,
      description: `Renewal ${candidate.service_name} #${candidate.id}`,
      orderId: candidate.id,
      orderUuid: candidate.uuid,
      idempotencyKey: `renewal-${candidate.uuid}-${attempt.slot}`,
      webhookUrl: `${deps.publicUrl}/api/webhooks/${method.provider}`,
    });
  }

  /** Records the attempt's outcome, its audit row and (refused, or waiting for the customer) its mail, together. */
  async function finish(
    attempt: AttemptRow,
    candidate: ChargeCandidate,
    user: UserRow,
    result: { status: AttemptStatus; provider_ref?: string | null; failure_code?: string | null; method?: SavedMethodRow },
  ) {
    const { method, ...outcome } = result;
    const mailId = await db.transaction(async (trx) => {
      await endAttempt(trx, Number(attempt.id), outcome, clock.now());
      await writeAudit(trx, {
        actorId: null,
        action: `renewal.charge_${outcome.status}`,
        entityType: 'order',
        entityId: candidate.id,
        after: {
          slot: attempt.slot,
          source: attempt.source,
          code: outcome.failure_code ?? null,
          providerRef: outcome.provider_ref ?? null,
        },
      });
      if (outcome.status !== 'declined' && outcome.status !== 'requires_action') return null;
      const next = nextSlotAt(attempt.slot, candidate.due_at);
      return queueBillingNotice(trx, deps.mailer, user.id, {
        template: outcome.status === 'declined' ? 'renewalChargeDeclined' : 'renewalChargeAction',
        path: `PanelCLient?tab=factures&pay=${candidate.id}`,
        vars: ({ date, money }) => ({
          serviceName: candidate.service_name,
          orderId: String(candidate.id),
          amount: money(candidate.total_cents, candidate.currency),
          dueDate: date(candidate.due_at),
          method: method?.last4 ? `${method.brand ?? ''} •••• ${method.last4}`.trim() : (method?.bank_account ?? ''),
          nextAttempt: next ? date(next) : '—',
        }),
        details: [
          ['service', 'serviceName'],
          ['amount', 'amount'],
          ['method', 'method'],
          ['dueDate', 'dueDate'],
          ['nextAttempt', 'nextAttempt'],
        ],
        dedupeKey: `renewal-charge-${attempt.id}-${outcome.status}`,
      });
    });
    if (mailId !== null) deps.mailer.send([mailId]);
  }

  return { run };
}

/** The sandbox card's chosen outcome, as Stripe's test cards answer. */
function sandboxCharge(method: SavedMethodRow, attempt: AttemptRow): ChargeResult {
  const ref = `sandbox_renewal_${attempt.id}`;
  if (method.sandbox_outcome === 'declined') return { status: 'declined', providerRef: ref, code: 'insufficient_funds' };
  if (method.sandbox_outcome === 'needs_authentication')
    return { status: 'requires_action', providerRef: ref, code: 'authentication_required' };
  return { status: 'succeeded', providerRef: ref };
}

export type RenewalCharges = ReturnType<typeof createRenewalCharges>;
