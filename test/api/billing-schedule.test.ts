import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/knex';
import { createJobQueue, type JobQueue } from '../../server/jobs/job-queue';
import { BILLING_CYCLE_QUEUE } from '../../server/jobs/queues';
import { BILLING_CYCLE_CRON, startBillingCycle } from '../../server/modules/billing-cycle/billing-cycle.job';
import { testLogger } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// The billing sweep runs from a pg-boss schedule kept in the database: two instances register it
// (one schedule row) and work its queue; each job is swept by exactly one of them.

let database: TestDatabase;
let secondPool: Knex;
let instances: JobQueue[];

beforeAll(async () => {
  database = await createTestDatabase();
  secondPool = createDb(database.url, { pool: { min: 0, max: 3 } });
  instances = [createJobQueue(database.db, testLogger()), createJobQueue(secondPool, testLogger())];
});

afterAll(async () => {
  await Promise.all(instances.map((jobs) => jobs.stop()));
  await secondPool.destroy();
  await database.destroy();
});

describe('billing schedule', () => {
  it('is one schedule row however many instances start, and each sweep job runs on one instance only', async () => {
    const sweeps: number[] = [];
    let allDone: () => void = () => {};
    const done = new Promise<void>((resolve) => (allDone = resolve));
    const JOBS = 4;
    for (const [index, jobs] of instances.entries()) {
      await jobs.start();
      await startBillingCycle(jobs, {
        async sweep() {
          sweeps.push(index);
          if (sweeps.length === JOBS) allDone();
          return { providerRetried: 0, renewalsIssued: 0, remindersSent: 0, endedAtTerm: 0, suspended: 0, terminated: 0 };
        },
      });
    }

    const schedules = await database.db('pgboss.schedule').where({ name: BILLING_CYCLE_QUEUE.name });
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ cron: BILLING_CYCLE_CRON, timezone: 'UTC' });

    for (let i = 0; i < JOBS; i += 1) await instances[0]!.send(database.db, BILLING_CYCLE_QUEUE.name, { slot: i });
    await done;
    expect(sweeps).toHaveLength(JOBS);
    const completed = await database.db('pgboss.job').where({ name: BILLING_CYCLE_QUEUE.name, state: 'completed' }).count({ n: '*' });
    expect(Number(completed[0]!.n)).toBeLessThanOrEqual(JOBS);
  });
});
