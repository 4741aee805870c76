import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/job-queue';
import { MAIL_OUTBOX_QUEUE } from '../../jobs/queues';
import type { Mailer } from './mail.service';

/** The mail-outbox job: every pending mail whose next try is due goes out (or is rescheduled). */
export function createMailOutboxJob(mailer: Pick<Mailer, 'drain'>) {
  return async function sendDueMails(): Promise<void> {
    await mailer.drain();
  };
}

const SLOT_SECONDS = 60;

/**
 * Asks for a mail-outbox run every minute from this instance. pg-boss keeps one job per minute
 * slot (singleton key and seconds), so several instances still make one run a minute. Returns the
 * function that stops the timer (shutdown).
 */
export function scheduleMailOutbox(deps: { jobs: JobQueue; db: Knex; logger: Pick<Logger, 'warn'> }): () => void {
  const { jobs, db, logger } = deps;
  const ask = () =>
    jobs
      .send(db, MAIL_OUTBOX_QUEUE.name, {}, { singletonKey: MAIL_OUTBOX_QUEUE.name, singletonSeconds: SLOT_SECONDS })
      .catch((err: unknown) => logger.warn({ error: String(err).slice(0, 300) }, 'mail-outbox run not queued'));
  void ask();
  const timer = setInterval(() => void ask(), SLOT_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
