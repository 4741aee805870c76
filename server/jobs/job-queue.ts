import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { JOB_SCHEMA } from './queues';
import { jobDuration, jobFailures } from '../metrics/instruments';

// Background work on pg-boss (SKIP LOCKED: each job runs once however many instances work the
// queue). pg-boss runs its SQL through our knex pool, so a job can be sent inside the caller's
// transaction: the payment and the follow-up it needs commit together or not at all.

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  /** Enqueues a job in the caller's transaction (or on the pool when `trx` is the base knex). Needs no start(). */
  send(trx: Knex, queue: string, data: object, options?: { singletonKey?: string; startAfter?: number }): Promise<void>;
  // startAfter: seconds to wait before the job may run (a delivery step waiting on a provider).
  /**
   * Sends a job to `queue` on a cron (UTC). pg-boss keeps the schedule in the database and one
   * instance at a time turns each slot into one job, however many instances run.
   */
  schedule(queue: string, cron: string): Promise<void>;
  /** Starts polling and maintenance on this instance (before work()). */
  start(): Promise<void>;
  /**
   * Runs `handler` for each job of the queue on this instance; a thrown error retries the job.
   * `workers` pollers take jobs side by side (each one at a time), every `pollingIntervalSeconds`.
   */
  work<T extends object>(
    queue: string,
    handler: JobHandler<T>,
    options?: { workers?: number; pollingIntervalSeconds?: number },
  ): Promise<void>;
  /**
   * Stops taking jobs on this instance and waits up to `timeoutMs` for the running ones; those still
   * running then are failed back to pg-boss (retried later, here or on another instance).
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** pg-boss's executor over a knex connection (the transaction's own when given one). */
function knexExecutor(db: Knex): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const client = db.client as {
        acquireConnection(): Promise<{ query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> }>;
        releaseConnection(connection: unknown): Promise<void>;
      };
      const connection = await client.acquireConnection();
      try {
        return await connection.query(text, values);
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

export function createJobQueue(db: Knex, logger: Pick<Logger, 'warn' | 'error'>): JobQueue {
  const boss = new PgBoss({
    db: knexExecutor(db),
    schema: JOB_SCHEMA,
    migrate: false, // the knex migrations create pg-boss's tables and our queues
    supervise: true,
    schedule: true, // cron slots, sent once across instances
    pollingIntervalSeconds: 1,
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));

  let started = false;
  return {
    async start() {
      await boss.start();
      started = true;
    },
    async send(trx, queue, data, options = {}) {
      await boss.send(queue, data, { db: knexExecutor(trx), ...options });
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    async work<T extends object>(
      queue: string,
      handler: JobHandler<T>,
      options: { workers?: number; pollingIntervalSeconds?: number } = {},
    ) {
      const polling = options.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: options.pollingIntervalSeconds };
      for (let i = 0; i < (options.workers ?? 1); i += 1) {
        await boss.work<T>(queue, { batchSize: 1, ...polling }, async ([job]) => {
          if (!job) return;
          const started = performance.now();
          try {
            await handler(job.data);
            jobDuration.observe({ queue, outcome: 'completed' }, (performance.now() - started) / 1000);
          } catch (err) {
            jobDuration.observe({ queue, outcome: 'failed' }, (performance.now() - started) / 1000);
            jobFailures.inc({ queue });
            logger.warn({ err, queue, jobId: job.id }, 'job failed, will be retried');
            throw err;
          }
        });
      }
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
    },
  };
}
