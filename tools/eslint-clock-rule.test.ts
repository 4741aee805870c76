import { describe, expect, it } from 'vitest';
import { projectLint } from './project-lint';

// Time comes from the injected clock (server/clock/, issue 30): the lint rule clock/injected-only
// must refuse the system's and the database's time in server code, and leave the clock itself,
// the column defaults, the browser and the tests alone.

const RULE = 'clock/injected-only';

const ruleIds = projectLint();

const READS_SYSTEM_TIME = [
  'export const expiresAt = () => new Date(Date.now() + 60_000);',
  'export const today = () => new Date();',
  '',
].join('\n');

const READS_DATABASE_TIME = [
  "import type { Knex } from 'knex';",
  "export const live = (db: Knex) => db('sessions').where('expires_at', '>', db.fn.now());",
  "export const stale = (db: Knex) => db('sessions').whereRaw(`last_seen_at < now() - interval '5 minutes'`);",
  "export const touch = (db: Knex) => db('sessions').update({ last_seen_at: db.raw('CURRENT_TIMESTAMP') });",
  '',
].join('\n');

describe('server code reads the injected clock only', () => {
  it('refuses Date.now() and new Date() without an argument in a service', async () => {
    expect(await ruleIds('server/modules/auth/probe.service.ts', READS_SYSTEM_TIME)).toEqual([RULE, RULE]);
  });

  it("refuses the database's now() in a repo: fn.now(), now() and CURRENT_TIMESTAMP in SQL text", async () => {
    expect(await ruleIds('server/modules/auth/probe.repo.ts', READS_DATABASE_TIME)).toEqual([RULE, RULE, RULE]);
  });

  it('lets a service build a date from a value and read clock.now()', async () => {
    const code = [
      "import type { Clock } from '../../clock/clock';",
      'export const expiresAt = (clock: Clock) => new Date(clock.now().getTime() + 60_000);',
      "export const parsed = new Date('2026-11-28T00:00:00Z');",
      '',
    ].join('\n');
    expect(await ruleIds('server/modules/auth/probe.service.ts', code)).toEqual([]);
  });

  it('lets server/clock/ read the system time', async () => {
    expect(await ruleIds('server/clock/probe.ts', READS_SYSTEM_TIME)).toEqual([]);
  });

  it('lets the migrations and the schema helpers give columns a now() default', async () => {
    const code = [
      "import type { Knex } from 'knex';",
      "export const up = (knex: Knex) => knex.schema.alterTable('probe', (t) => { t.timestamp('at').defaultTo(knex.fn.now()); });",
      '',
    ].join('\n');
    expect(await ruleIds('migrations/20990101000000_probe.ts', code)).toEqual([]);
    expect(await ruleIds('server/db/schema-helpers.ts', code)).toEqual([]);
  });

  it("leaves the browser's time and the tests alone", async () => {
    expect(await ruleIds('client/src/features/probe/probe.ts', READS_SYSTEM_TIME)).toEqual([]);
    expect(await ruleIds('test/api/probe.test.ts', READS_SYSTEM_TIME)).toEqual([]);
  });
});
