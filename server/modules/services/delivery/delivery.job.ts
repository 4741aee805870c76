import type { JobQueue } from '../../../jobs/job-queue';
import { DELIVERY_WATCHDOG_QUEUE, PROVISION_SERVICE_QUEUE } from '../../../jobs/queues';
import type { ProvisionServiceJob } from './create-services';
import type { DeliveryRunner } from './delivery-runner';

/** Every minute, one job across instances: deliveries past their ten minutes go to staff. */
const DELIVERY_WATCHDOG_CRON = '* * * * *';

/** This instance works delivery steps, and the watchdog runs on pg-boss's schedule. */
export async function startDelivery(jobs: JobQueue, runner: DeliveryRunner): Promise<void> {
  await jobs.work<ProvisionServiceJob>(PROVISION_SERVICE_QUEUE.name, (job) => runner.step(job));
  await jobs.work(DELIVERY_WATCHDOG_QUEUE.name, async () => {
    await runner.sweepOverdue();
  });
  await jobs.schedule(DELIVERY_WATCHDOG_QUEUE.name, DELIVERY_WATCHDOG_CRON);
}
