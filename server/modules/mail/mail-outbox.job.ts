import type { JobQueue } from '../../jobs/job-queue';
import { MAIL_OUTBOX_QUEUE } from '../../jobs/queues';
import type { Mailer } from './mail.service';

/** Every minute: a mail whose retry is due waits at most that long. */
export const MAIL_OUTBOX_CRON = '* * * * *';

/** The mail-outbox job: every pending mail whose next try is due goes out (or is rescheduled). */
export function createMailOutboxJob(mailer: Pick<Mailer, 'drain'>) {
  return async function sendDueMails(): Promise<void> {
    await mailer.drain();
  };
}

/**
 * Works the mail-outbox queue on this instance and registers its pg-boss schedule (kept in the
 * database: one job per minute whatever the number of instances).
 */
export async function startMailOutbox(jobs: JobQueue, mailer: Pick<Mailer, 'drain'>): Promise<void> {
  await jobs.work(MAIL_OUTBOX_QUEUE.name, createMailOutboxJob(mailer));
  await jobs.schedule(MAIL_OUTBOX_QUEUE.name, MAIL_OUTBOX_CRON);
}
