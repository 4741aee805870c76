import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { JobQueue } from '../../jobs/job-queue';
import { SESSION_PRUNE_QUEUE } from '../../jobs/queues';
import { deleteExpiredLoginCodes } from './login-codes.repo';
import { deleteLongExpiredSessions } from './sessions.repo';

/** At 03:30 every day, a quiet hour. */
export const SESSION_PRUNE_CRON = '30 3 * * *';

/**
 * Deletes the sessions long expired and the spent-by-time hand-over codes of every user, including
 * those who never log in again (each row holds an IP address and a browser name).
 */
export async function pruneSessions(deps: {
  db: Knex;
  clock: Clock;
  logger: Pick<Logger, 'info'>;
}): Promise<{ sessions: number; codes: number }> {
  const now = deps.clock.now();
  const sessions = await deleteLongExpiredSessions(deps.db, now);
  const codes = await deleteExpiredLoginCodes(deps.db, now);
  if (sessions + codes > 0) deps.logger.info({ sessions, codes }, 'expired sessions pruned');
  return { sessions, codes };
}

/** Works the session-prune queue on this instance and registers its daily schedule (one run across instances). */
export async function startSessionPrune(jobs: JobQueue, deps: Parameters<typeof pruneSessions>[0]): Promise<void> {
  await jobs.work(SESSION_PRUNE_QUEUE.name, async () => {
    await pruneSessions(deps);
  });
  await jobs.schedule(SESSION_PRUNE_QUEUE.name, SESSION_PRUNE_CRON);
}
