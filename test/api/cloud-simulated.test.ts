import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudActionRefused, type CloudRefusalReason } from '../../server/providers/cloud/errors';
import { createCloudAdapter } from '../../server/providers/cloud/index';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { CloudVpsNotFound, type CloudAdapter } from '../../server/providers/cloud/types';
import type { PowerStatus, VpsAction } from '../../shared/schemas/vps';
import { createTestDatabase, type TestDatabase } from '../support/database';

// The simulated fleet on a real Postgres: transitions that land when the machine is next read,
// refusals, and two instances that agree. The clock is a variable: time moves, nobody sleeps.

let database: TestDatabase;
const db = () => database.db;

let clock = new Date('2026-11-21T10:00:00.000Z');
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let fleet: CloudAdapter;

beforeAll(async () => {
  database = await createTestDatabase();
  fleet = createSimulatedFleet(db(), { now });
  // Counts every write to a machine's power, to prove a transition lands once.
  await db().raw(`
    CREATE TABLE power_writes (vps_id integer NOT NULL, power_status text NOT NULL);
    CREATE FUNCTION log_power_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO power_writes VALUES (NEW.id, NEW.power_status); RETURN NEW; END $$;
    CREATE TRIGGER vps_power_write AFTER UPDATE OF power_status ON vps FOR EACH ROW EXECUTE FUNCTION log_power_write();
  `);
});
afterAll(() => database.destroy());

/** A machine of the inventory, straight into the table. */
async function insertVps(overrides: Record<string, unknown> = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db()('vps')
    .insert({
      service_name: `vps-${suffix}.vps.ovh.net`,
      ip: '51.75.10.20',
      os: 'Debian 12',
      os_family: 'linux',
      plan: 'VPS-2',
      region: 'Gravelines',
      ram_gb: 4,
      cores: 2,
      storage_gb: 80,
      traffic: 'Illimité',
      login: 'root',
      power_status: 'running',
      ...overrides,
    })
    .returning(['id', 'service_name']);
  return row as { id: number; service_name: string };
}

const rowOf = (name: string) => db()('vps').where({ service_name: name }).first('power_status', 'power_target', 'power_settles_at');
const statusOf = async (name: string) => (await fleet.getVps(name)).status;

async function refusal(promise: Promise<unknown>): Promise<CloudActionRefused> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof CloudActionRefused) return err;
    throw err;
  }
  throw new Error('expected the action to be refused');
}

describe('simulated fleet: reading', () => {
  it('gives a machine its details from the inventory', async () => {
    const { service_name } = await insertVps({ power_status: 'stopped', ip: '141.95.1.2', region: 'Strasbourg' });
    expect(await fleet.getVps(service_name)).toEqual({
      serviceName: service_name,
      status: 'stopped',
      zone: 'Strasbourg',
      model: { name: 'VPS-2', memoryMb: 4096, vcore: 2, diskGb: 80 },
      ips: ['141.95.1.2'],
    });
  });

  it('lists the machines, but not the ones the inventory deleted', async () => {
    const kept = await insertVps();
    const deleted = await insertVps({ state: 'deleted' });
    const names = await fleet.listServices();
    expect(names).toContain(kept.service_name);
    expect(names).not.toContain(deleted.service_name);
    await expect(fleet.getVps(deleted.service_name)).rejects.toBeInstanceOf(CloudVpsNotFound);
  });

  it('gives CloudVpsNotFound for an unknown machine, reading or acting', async () => {
    const err = await fleet.getVps('vps-nowhere.vps.ovh.net').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CloudVpsNotFound);
    expect((err as CloudVpsNotFound).serviceName).toBe('vps-nowhere.vps.ovh.net');
    await expect(fleet.act('vps-nowhere.vps.ovh.net', 'start')).rejects.toBeInstanceOf(CloudVpsNotFound);
  });
});

describe('simulated fleet: transitions', () => {
  const cases: { action: VpsAction; from: PowerStatus; during: PowerStatus; settled: PowerStatus }[] = [
    { action: 'stop', from: 'running', during: 'stopping', settled: 'stopped' },
    { action: 'start', from: 'stopped', during: 'starting', settled: 'running' },
    { action: 'reboot', from: 'running', during: 'rebooting', settled: 'running' },
  ];

  for (const { action, from, during, settled } of cases) {
    it(`${action}: ${from} -> ${during} for 4 s -> ${settled}`, async () => {
      const { service_name } = await insertVps({ power_status: from });
      const startedAt = clock;

      await fleet.act(service_name, action);

      expect(await rowOf(service_name)).toEqual({
        power_status: during,
        power_target: settled,
        power_settles_at: new Date(startedAt.getTime() + 4000),
      });
      expect(await statusOf(service_name)).toBe(during);
      advance(3999);
      expect(await statusOf(service_name)).toBe(during);
      advance(1);
      expect(await statusOf(service_name)).toBe(settled);
      expect(await rowOf(service_name)).toEqual({ power_status: settled, power_target: null, power_settles_at: null });
    });
  }

  it("a page's power states in one read: transitions due land, others do not, deleted machines are left out", async () => {
    const stopping = await insertVps();
    const starting = await insertVps({ power_status: 'stopped' });
    const idle = await insertVps({ power_status: 'stopped' });
    const deleted = await insertVps({ state: 'deleted' });
    await fleet.act(stopping.service_name, 'stop');
    advance(2000);
    await fleet.act(starting.service_name, 'start');
    advance(2000); // the stop is due, the start not yet

    const names = [stopping, starting, idle, deleted].map((vps) => vps.service_name);
    const statuses = await fleet.powerStatuses(names);

    expect(Object.fromEntries(statuses)).toEqual({
      [stopping.service_name]: 'stopped',
      [starting.service_name]: 'starting',
      [idle.service_name]: 'stopped',
    });
    expect(await rowOf(stopping.service_name)).toEqual({ power_status: 'stopped', power_target: null, power_settles_at: null });
    expect((await rowOf(starting.service_name))!.power_target).toBe('running');
    expect(await fleet.powerStatuses([])).toEqual(new Map());
  });

  it('takes as long as transitionMs says', async () => {
    const quick = createSimulatedFleet(db(), { now, transitionMs: 500 });
    const { service_name } = await insertVps();
    await quick.act(service_name, 'stop');
    advance(499);
    expect((await quick.getVps(service_name)).status).toBe('stopping');
    advance(1);
    expect((await quick.getVps(service_name)).status).toBe('stopped');
  });

  it("the shop's sandbox takes SANDBOX_VPS_SECONDS for a start when set (config.sandboxVpsMs)", async () => {
    const slow = createCloudAdapter({ sandboxVpsMs: 3_600_000 }, { db: db(), now });
    const { service_name } = await insertVps({ power_status: 'stopped' });
    await slow.act(service_name, 'start');
    advance(3_599_999);
    expect((await slow.getVps(service_name)).status).toBe('starting');
    advance(1);
    expect((await slow.getVps(service_name)).status).toBe('running');
  });

  it('an action after the deadline lands the transition first, without a read in between', async () => {
    const { service_name } = await insertVps();
    await fleet.act(service_name, 'stop');
    advance(4000);
    await fleet.act(service_name, 'start'); // stopped by now, so start is accepted
    expect(await rowOf(service_name)).toMatchObject({ power_status: 'starting', power_target: 'running' });
  });
});

describe('simulated fleet: refusals', () => {
  const cases: { action: VpsAction; status: PowerStatus; reason: CloudRefusalReason }[] = [
    { action: 'start', status: 'running', reason: 'already_running' },
    { action: 'stop', status: 'stopped', reason: 'already_stopped' },
    { action: 'reboot', status: 'stopped', reason: 'not_running' },
    { action: 'start', status: 'unknown', reason: 'busy' },
    { action: 'stop', status: 'unknown', reason: 'busy' },
  ];

  for (const { action, status, reason } of cases) {
    it(`${action} on a ${status} machine: refused (${reason}), nothing changes`, async () => {
      const { service_name } = await insertVps({ power_status: status });
      const err = await refusal(fleet.act(service_name, action));
      expect(err).toMatchObject({ serviceName: service_name, action, reason });
      expect(await rowOf(service_name)).toEqual({ power_status: status, power_target: null, power_settles_at: null });
    });
  }

  it('anything while a transition runs: busy, and the transition is untouched', async () => {
    const { service_name } = await insertVps();
    await fleet.act(service_name, 'reboot');
    const before = await rowOf(service_name);
    advance(2000);
    for (const action of ['start', 'stop', 'reboot'] as const) {
      expect((await refusal(fleet.act(service_name, action))).reason).toBe('busy');
    }
    expect(await rowOf(service_name)).toEqual(before);
  });

  it('two actions at once: one starts, the other finds the machine busy', async () => {
    const { service_name } = await insertVps();
    const other = createSimulatedFleet(db(), { now });
    const results = await Promise.allSettled([fleet.act(service_name, 'stop'), other.act(service_name, 'reboot')]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ reason: 'busy' });
  });
});

describe('simulated fleet: several readers', () => {
  it('two instances reading after the deadline land the transition once and agree', async () => {
    const { id, service_name } = await insertVps();
    await fleet.act(service_name, 'stop');
    advance(4000);
    const instances = [createSimulatedFleet(db(), { now }), createSimulatedFleet(db(), { now })];

    const [a, b, c] = await Promise.all([...instances, fleet].map((i) => i.getVps(service_name)));

    expect([a?.status, b?.status, c?.status]).toEqual(['stopped', 'stopped', 'stopped']);
    const writes = await db()('power_writes').where({ vps_id: id }).pluck('power_status');
    expect(writes).toEqual(['stopping', 'stopped']); // the action, then one landing
  });
});
