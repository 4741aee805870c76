import type { JobQueue } from '../../jobs/job-queue';
import { BILLING_CYCLE_QUEUE } from '../../jobs/queues';
import type { BillingCycle } from './billing-cycle';

/** Every 10 minutes: late by at most that much, and a missed slot is caught up by the next. */
export const BILLING_CYCLE_CRON = '*/10 * * * *';

/** Registers the billing sweep on this instance's workers and (idempotently) its schedule. */
export async function startBillingCycle(jobs: JobQueue, cycle: BillingCycle): Promise<void> {
  await jobs.work(BILLING_CYCLE_QUEUE.name, async () => {
    await cycle.sweep();
  });
  await jobs.schedule(BILLING_CYCLE_QUEUE.name, BILLING_CYCLE_CRON);
}
