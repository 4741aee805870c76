import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock } from '../../server/clock/clock';
import { createJobQueue, type JobQueue } from '../../server/jobs/job-queue';
import { SESSION_PRUNE_QUEUE } from '../../server/jobs/queues';
import { insertLoginCode } from '../../server/modules/auth/login-codes.repo';
import { pruneSessions, SESSION_PRUNE_CRON, startSessionPrune } from '../../server/modules/auth/session-prune.job';
import { insertSession } from '../../server/modules/auth/sessions.repo';
import { buildAccount } from '../support/accounts';
import { testLogger } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Sessions of a user who never logs in again (an IP address, a browser) must not stay forever:
// the daily prune deletes those expired more than a week ago, and hand-over codes past their minute.

const DAY_SECONDS = 24 * 3600;
let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function sessionExpiringIn(userId: number, ttlSeconds: number): Promise<string> {
  const id = randomUUID();
  await insertSession(db(), { id, userId, kind: 'login', ttlSeconds, userAgent: 'Firefox', ip: '198.51.100.7', now: new Date() });
  return id;
}

const sessionIds = async (userId: number) =>
  ((await db()('sessions').where({ user_id: userId }).orderBy('id').select('id')) as { id: string }[]).map((r) => r.id).sort();

describe('the daily session prune', () => {
  it('deletes the sessions expired over a week ago and the lapsed codes; keeps recent ones and live sessions', async () => {
    const user = await buildAccount(db());
    const before = await sessionIds(user.id); // the test login session built with the account
    const recent = await sessionExpiringIn(user.id, -1 * DAY_SECONDS);
    const live = await sessionExpiringIn(user.id, DAY_SECONDS);
    // Last: a new session of the same user would sweep it on the way (the prune is for the users who never come back).
    const old = await sessionExpiringIn(user.id, -8 * DAY_SECONDS);
    const clock = createMovableClock(new Date());
    const codeOf = (expiresAt: Date) => ({ codeHash: randomUUID(), browserHash: randomUUID(), userId: user.id, expiresAt, now: expiresAt });
    await insertLoginCode(db(), codeOf(new Date(clock.now().getTime() + 60_000)));
    clock.advance({ minutes: 2 });

    const pruned = await pruneSessions({ db: db(), clock, logger: testLogger() });

    expect(pruned).toEqual({ sessions: 1, codes: 1 });
    expect(await sessionIds(user.id)).toEqual([...before, recent, live].sort());
    expect(await sessionIds(user.id)).not.toContain(old);
    expect(await db()('login_codes').where({ user_id: user.id })).toEqual([]);
  });

  it('registers a daily schedule whose worker prunes', async () => {
    const user = await buildAccount(db());
    const old = await sessionExpiringIn(user.id, -30 * DAY_SECONDS);
    const jobs: JobQueue = createJobQueue(db(), testLogger());
    await jobs.start();
    try {
      await startSessionPrune(jobs, { db: db(), clock: createMovableClock(new Date()), logger: testLogger() });
      expect(await db()('pgboss.schedule').where({ name: SESSION_PRUNE_QUEUE.name })).toMatchObject([
        { cron: SESSION_PRUNE_CRON, timezone: 'UTC' },
      ]);
      await jobs.send(db(), SESSION_PRUNE_QUEUE.name, {});
      await expect.poll(() => sessionIds(user.id), { timeout: 20_000, interval: 200 }).not.toContain(old);
    } finally {
      await jobs.stop();
    }
  });
});
