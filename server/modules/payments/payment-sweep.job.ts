import type { JobQueue } from '../../jobs/job-queue';
import { PAYMENT_SWEEP_QUEUE } from '../../jobs/queues';
import type { PaymentSweep } from './payment-sweep';

/** Every 5 minutes: the young checkouts are due each slot, the older ones once an hour (payment-sessions.repo.ts). */
export const PAYMENT_SWEEP_CRON = '*/5 * * * *';

/** Works the payment sweep on this instance and registers its schedule (one job per slot across instances). */
export async function startPaymentSweep(jobs: JobQueue, sweep: PaymentSweep): Promise<void> {
  await jobs.work(PAYMENT_SWEEP_QUEUE.name, async () => {
    await sweep.sweep();
  });
  await jobs.schedule(PAYMENT_SWEEP_QUEUE.name, PAYMENT_SWEEP_CRON);
}
