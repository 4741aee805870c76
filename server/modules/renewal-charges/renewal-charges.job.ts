import type { JobQueue } from '../../jobs/job-queue';
import { RENEWAL_CHARGE_QUEUE } from '../../jobs/queues';
import type { SavedMethods } from '../saved-methods/saved-methods.service';
import type { RenewalCharges } from './renewal-charges.service';

/** Every 10 minutes: a slot's charge is taken at most that late, and a missed run is caught up by the next. */
export const RENEWAL_CHARGE_CRON = '*/10 * * * *';

/**
 * Registers the renewal charges on this instance's workers and (idempotently) their schedule. Each
 * run first stores the methods of setups whose customer never came back from the provider.
 */
export async function startRenewalCharges(
  jobs: JobQueue,
  work: { charges: RenewalCharges; setups: Pick<SavedMethods, 'sweepOpenSetups'> },
): Promise<void> {
  await jobs.work(RENEWAL_CHARGE_QUEUE.name, async () => {
    await work.setups.sweepOpenSetups();
    await work.charges.run();
  });
  await jobs.schedule(RENEWAL_CHARGE_QUEUE.name, RENEWAL_CHARGE_CRON);
}
