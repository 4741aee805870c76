import type { JobQueue } from '../../jobs/job-queue';
import { RENEWAL_CHARGE_QUEUE } from '../../jobs/queues';
import type { RenewalCharges } from './renewal-charges.service';

/** Every 10 minutes: a slot's charge is taken at most that late, and a missed run is caught up by the next. */
export const RENEWAL_CHARGE_CRON = '*/10 * * * *';

/** Registers the renewal charges on this instance's workers and (idempotently) their schedule. */
export async function startRenewalCharges(jobs: JobQueue, charges: RenewalCharges): Promise<void> {
  await jobs.work(RENEWAL_CHARGE_QUEUE.name, async () => {
    await charges.run();
  });
  await jobs.schedule(RENEWAL_CHARGE_QUEUE.name, RENEWAL_CHARGE_CRON);
}
