import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { Gauge, Registry } from 'prom-client';
import type { Clock } from '../../clock/clock';
import { QUEUES } from '../../jobs/queues';
import { outboxSummary, queueStateCounts, servicesNeedingStaff } from './metrics.repo';

/** A pending mail whose try is this late is stuck: the mail-outbox job runs every minute. */
export const OUTBOX_STUCK_AFTER_MS = 15 * 60_000;

/**
 * The gauges read at scrape time (queues, outbox, deliveries waiting for staff, readiness), in a
 * registry of this app's own: they read this app's database, when Prometheus asks, never between.
 */
export function createScrapeGauges(deps: {
  db: Knex;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  /** What /api/ready answers (database reachable, not shutting down). */
  ready: () => Promise<boolean>;
}) {
  const { db, clock, logger } = deps;
  const registry = new Registry();
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });

  const jobsWaiting = gauge('jobs_waiting', 'Jobs waiting in a pg-boss queue (created or to retry, delayed ones included)', ['queue']);
  const jobsActive = gauge('jobs_active', 'Jobs running now in a pg-boss queue, on any instance', ['queue']);
  const jobsFailed = gauge('jobs_failed', 'Jobs of a pg-boss queue that failed for good and are not archived yet', ['queue']);
  const outboxPending = gauge('mail_outbox_pending', 'Mails in the outbox not sent yet');
  const outboxStuck = gauge('mail_outbox_stuck', 'Pending mails whose try was due more than 15 minutes ago');
  const outboxOldest = gauge('mail_outbox_oldest_pending_age_seconds', 'Age of the oldest pending mail (0 when none waits)');
  const needsStaff = gauge('services_needs_staff', 'Services whose delivery waits for staff (needs_staff), by kind', ['kind']);
  const ready = gauge('app_ready', '1 when this instance is ready (/api/ready answers 200), 0 when not (database down, shutting down)');
  const databaseRead = gauge('metrics_database_read_ok', '1 when the last scrape could read the database figures, 0 when not');

  async function readDatabase(): Promise<void> {
    const now = clock.now();
    const [states, outbox, waiting] = await Promise.all([
      queueStateCounts(db),
      outboxSummary(db, new Date(now.getTime() - OUTBOX_STUCK_AFTER_MS)),
      servicesNeedingStaff(db),
    ]);
    for (const metric of [jobsWaiting, jobsActive, jobsFailed, needsStaff]) metric.reset();
    // Every queue gets its series, at 0 when empty: an alert compares numbers, never an absent series.
    for (const { name } of QUEUES) {
      jobsWaiting.set({ queue: name }, 0);
      jobsActive.set({ queue: name }, 0);
      jobsFailed.set({ queue: name }, 0);
    }
    for (const { queue, state, count } of states) {
      if (state === 'active') jobsActive.set({ queue }, count);
      else if (state === 'failed') jobsFailed.set({ queue }, count);
      else jobsWaiting.inc({ queue }, count);
    }
    outboxPending.set(outbox.pending);
    outboxStuck.set(outbox.stuck);
    outboxOldest.set(outbox.oldestCreatedAt ? Math.max(0, (now.getTime() - new Date(outbox.oldestCreatedAt).getTime()) / 1000) : 0);
    for (const { kind, count } of waiting) needsStaff.set({ kind }, count);
  }

  return {
    registry,
    /** Reads the figures once for this scrape; a database that does not answer is reported, not thrown. */
    async refresh(): Promise<void> {
      const [isReady, read] = await Promise.allSettled([deps.ready(), readDatabase()]);
      ready.set(isReady.status === 'fulfilled' && isReady.value ? 1 : 0);
      if (read.status === 'rejected') logger.warn({ err: read.reason }, 'metrics: database figures not read');
      databaseRead.set(read.status === 'fulfilled' ? 1 : 0);
    },
  };
}

export type ScrapeGauges = ReturnType<typeof createScrapeGauges>;
