import type { JobQueue } from '../../jobs/job-queue';
import { RESERVATION_EXPIRY_QUEUE } from '../../jobs/queues';
import type { ReservationExpiry } from './reservation-expiry';

/** Every minute: an order is cancelled at most a minute after its deadline (and its stock back on sale). */
export const RESERVATION_EXPIRY_CRON = '* * * * *';

/** Works the reservation-expiry queue on this instance and registers its schedule (one job per slot across instances). */
export async function startReservationExpiry(jobs: JobQueue, expiry: ReservationExpiry): Promise<void> {
  await jobs.work(RESERVATION_EXPIRY_QUEUE.name, async () => {
    await expiry.sweep();
  });
  await jobs.schedule(RESERVATION_EXPIRY_QUEUE.name, RESERVATION_EXPIRY_CRON);
}
