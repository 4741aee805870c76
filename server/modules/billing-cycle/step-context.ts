import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { JobQueue } from '../../jobs/job-queue';
import type { Mailer } from '../mail/mail.service';
import type { OrderPayments } from '../orders/ports/order-payments';
import type { ServiceMachines } from '../services/machines/service-machines';
import type { PlanAutoCharge } from './ports/auto-charge-plan';

/** What every billing step works with. */
export interface BillingContext {
  db: Knex;
  mailer: Mailer;
  clock: Clock;
  /** Suspends, unsuspends and ends a service at its provider (the cloud for a VPS, the game panel). */
  machines: ServiceMachines;
  /** Follow-ups after a step's commit (closing the provider checkouts of a cancelled renewal). */
  jobs: JobQueue;
  /** Closes a cancelled renewal's provider checkouts (payments implements it: orderPayments). */
  payments: OrderPayments;
  /** How a renewal will be paid on its own, for its invoice's mail (renewal-charges implements it: autoChargePlan). */
  autoChargePlan: PlanAutoCharge;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/**
 * Runs a step for each candidate in turn. One that fails (provider down, a lock conflict) is logged
 * and left for the next sweep; the others still go through.
 */
export async function forEachCandidate<T extends { id: number }>(
  ctx: BillingContext,
  step: string,
  candidates: readonly T[],
  run: (candidate: T) => Promise<void>,
): Promise<void> {
  for (const candidate of candidates) {
    try {
      await run(candidate);
    } catch (err) {
      ctx.logger.warn({ step, id: candidate.id, err }, 'billing step failed; the next sweep tries again');
    }
  }
}
