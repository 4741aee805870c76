import type { Knex } from 'knex';
import { JOB_SCHEMA } from '../../jobs/queues';

// What GET /metrics reads from the database at each scrape. Every statement is one indexed count or
// one grouped count, and is cancelled past READ_TIMEOUT_MS: a slow database never holds a scrape.

const READ_TIMEOUT_MS = 2_000;

export interface QueueStateCount {
  queue: string;
  state: 'created' | 'retry' | 'active' | 'failed';
  count: number;
}

/**
 * Jobs per pg-boss queue in the states an operator watches: waiting (created, retry), running
 * (active) and failed (kept until pg-boss archives them). Completed jobs are not read.
 */
export async function queueStateCounts(db: Knex): Promise<QueueStateCount[]> {
  const result = await db
    .raw(
      `SELECT name AS queue, state::text AS state, count(*)::int AS count
         FROM ${JOB_SCHEMA}.job
        WHERE state IN ('created', 'retry', 'active', 'failed')
        GROUP BY name, state`,
    )
    .timeout(READ_TIMEOUT_MS, { cancel: true });
  return (result as { rows: QueueStateCount[] }).rows;
}

export interface OutboxSummary {
  pending: number;
  /** Pending mails whose try was due before `stuckBefore`: the every-minute job is not taking them. */
  stuck: number;
  /** When the oldest pending mail was written; null when none waits. */
  oldestCreatedAt: Date | null;
}

/** The mails still to send (the partial index of pending mails answers it). */
export async function outboxSummary(db: Knex, stuckBefore: Date): Promise<OutboxSummary> {
  const row = (await db('mail_outbox')
    .where({ status: 'pending' })
    .first(
      db.raw('count(*)::int AS pending'),
      db.raw('(count(*) FILTER (WHERE next_attempt_at < ?))::int AS stuck', [stuckBefore]),
      db.raw('min(created_at) AS "oldestCreatedAt"'),
    )
    .timeout(READ_TIMEOUT_MS, { cancel: true })) as OutboxSummary | undefined;
  return row ?? { pending: 0, stuck: 0, oldestCreatedAt: null };
}

/** Services whose delivery waits for an agent (needs_staff), by kind (services_waiting_idx answers it). */
export async function servicesNeedingStaff(db: Knex): Promise<{ kind: string; count: number }[]> {
  const rows = await db('services')
    .where({ status: 'needs_staff' })
    .groupBy('kind')
    .select('kind', db.raw('count(*)::int AS count'))
    .timeout(READ_TIMEOUT_MS, { cancel: true });
  return rows as { kind: string; count: number }[];
}
