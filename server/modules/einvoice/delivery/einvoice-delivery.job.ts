import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import { EINVOICE_SEND_QUEUE, EINVOICE_SWEEP_QUEUE } from '../../../jobs/queues';
import type { AccessPoint } from '../../../providers/peppol/types';
import { createEinvoiceSender, type EinvoiceSender } from './einvoice-sender';
import type { EinvoiceSendJob } from './queue-einvoice-delivery';

/** Every minute: a try or a status check that is due waits at most that long. */
export const EINVOICE_SWEEP_CRON = '* * * * *';

/** The send job: the delivery queued by a commit (a new document, a resend) is tried at once. */
export function createEinvoiceSendJob(sender: Pick<EinvoiceSender, 'sendNow'>) {
  return async function sendEinvoice({ deliveryId }: EinvoiceSendJob): Promise<void> {
    await sender.sendNow(deliveryId);
  };
}

/**
 * Works the e-invoice queues on this instance: the send jobs, and the sweep (retries with backoff,
 * status checks of sent documents) from a pg-boss schedule kept in the database, one job per
 * minute whatever the number of instances.
 */
export async function startEinvoiceDelivery(
  jobs: JobQueue,
  deps: { db: Knex; accessPoint: AccessPoint; clock: Clock; logger: Pick<Logger, 'info' | 'warn'> },
): Promise<EinvoiceSender> {
  const sender = createEinvoiceSender(deps);
  await jobs.work<EinvoiceSendJob>(EINVOICE_SEND_QUEUE.name, createEinvoiceSendJob(sender));
  await jobs.work(EINVOICE_SWEEP_QUEUE.name, async () => {
    await sender.sweep();
  });
  await jobs.schedule(EINVOICE_SWEEP_QUEUE.name, EINVOICE_SWEEP_CRON);
  return sender;
}
