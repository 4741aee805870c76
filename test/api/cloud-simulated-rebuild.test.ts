import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudActionRefused } from '../../server/providers/cloud/errors';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { CloudImageUnavailable, CloudVpsNotFound, type CloudAdapter } from '../../server/providers/cloud/types';
import { createTestDatabase, type TestDatabase } from '../support/database';

// The simulated fleet's rebuild on a real Postgres: the install lands when the machine is next
// read, a few seconds later on a clock the tests move; the sandbox region `fail` fails it.

const INSTALL_MS = 8000;

let database: TestDatabase;
const db = () => database.db;

let clock = new Date('2026-11-29T10:00:00.000Z');
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let fleet: CloudAdapter;

beforeAll(async () => {
  database = await createTestDatabase();
  fleet = createSimulatedFleet(db(), { now });
});
afterAll(() => database.destroy());

async function insertVps(overrides: Record<string, unknown> = {}) {
  const [row] = await db()('vps')
    .insert({
      service_name: `vps-${randomBytes(4).toString('hex')}.vps.ovh.net`,
      ip: '51.75.10.20',
      os: 'Debian 12',
      os_family: 'linux',
      plan: 'VPS Essential',
      region: 'GRA',
      ram_gb: 4,
      cores: 2,
      storage_gb: 80,
      traffic: 'Illimité',
      login: 'root',
      power_status: 'stopped',
      ...overrides,
    })
    .returning(['id', 'service_name']);
  return row as { id: number; service_name: string };
}

const machineOf = (name: string) =>
  db()('vps').where({ service_name: name }).first('os', 'os_family', 'login', 'power_status', 'install_state', 'install_settles_at');

describe('simulated fleet: rebuild', () => {
  it('installs for 8 s (no power state meanwhile), then runs the new system', async () => {
    const { service_name } = await insertVps();
    const startedAt = clock;

    await fleet.rebuild(service_name, 'Ubuntu 24.04');

    expect(await fleet.installState(service_name)).toBe('installing');
    expect((await fleet.getVps(service_name)).status).toBe('unknown');
    expect(await machineOf(service_name)).toMatchObject({
      os: 'Debian 12',
      install_state: 'installing',
      install_settles_at: new Date(startedAt.getTime() + INSTALL_MS),
    });
    advance(INSTALL_MS - 1);
    expect(await fleet.installState(service_name)).toBe('installing');
    advance(1);
    expect(await fleet.installState(service_name)).toBe('ready');
    expect((await fleet.getVps(service_name)).status).toBe('running');
    expect(await machineOf(service_name)).toEqual({
      os: 'Ubuntu 24.04',
      os_family: 'linux',
      login: 'root',
      power_status: 'running',
      install_state: 'ready',
      install_settles_at: null,
    });
  });

  it('a machine never rebuilt is ready', async () => {
    const { service_name } = await insertVps();
    expect(await fleet.installState(service_name)).toBe('ready');
  });

  it('power actions wait while it installs (busy)', async () => {
    const { service_name } = await insertVps();
    await fleet.rebuild(service_name, 'Debian 12');
    const refused = await fleet.act(service_name, 'start').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(CloudActionRefused);
    expect(refused).toMatchObject({ reason: 'busy' });
  });

  it('takes over a power transition under way: the machine ends running its new system', async () => {
    const { service_name } = await insertVps({ power_status: 'running' });
    await fleet.act(service_name, 'stop');
    await fleet.rebuild(service_name, 'Ubuntu 22.04');
    advance(INSTALL_MS);
    expect((await fleet.getVps(service_name)).status).toBe('running');
    expect(await db()('vps').where({ service_name }).first('power_target', 'power_settles_at')).toEqual({
      power_target: null,
      power_settles_at: null,
    });
  });

  it('to another family: the machine takes its family and login with it', async () => {
    const { service_name } = await insertVps();
    await fleet.rebuild(service_name, 'Windows Server 2022');
    advance(INSTALL_MS);
    expect(await fleet.installState(service_name)).toBe('ready');
    expect(await machineOf(service_name)).toMatchObject({ os: 'Windows Server 2022', os_family: 'windows', login: 'Administrator' });
  });

  it('asked again for the same system while installing: the same install, not a new one', async () => {
    const { service_name } = await insertVps();
    await fleet.rebuild(service_name, 'Ubuntu 24.04');
    const first = await machineOf(service_name);
    advance(3000);
    await fleet.rebuild(service_name, 'Ubuntu 24.04');
    expect((await machineOf(service_name))!.install_settles_at).toEqual(first!.install_settles_at);
    advance(INSTALL_MS - 3000);
    expect(await fleet.installState(service_name)).toBe('ready');
  });

  it('another system while installing starts over with it', async () => {
    const { service_name } = await insertVps();
    await fleet.rebuild(service_name, 'Ubuntu 24.04');
    advance(3000);
    await fleet.rebuild(service_name, 'Debian 12');
    advance(INSTALL_MS - 1);
    expect(await fleet.installState(service_name)).toBe('installing');
    advance(1);
    expect(await fleet.installState(service_name)).toBe('ready');
    expect((await machineOf(service_name))!.os).toBe('Debian 12');
  });

  it('in the sandbox region `fail`: the install fails, the machine stops on its old system, a new rebuild still fails', async () => {
    const { service_name } = await insertVps({ region: 'fail', power_status: 'running' });
    await fleet.rebuild(service_name, 'Ubuntu 24.04');
    advance(INSTALL_MS);
    expect(await fleet.installState(service_name)).toBe('failed');
    expect(await machineOf(service_name)).toMatchObject({ os: 'Debian 12', power_status: 'stopped', install_state: 'failed' });
    await fleet.rebuild(service_name, 'Ubuntu 24.04');
    expect(await fleet.installState(service_name)).toBe('installing');
  });

  it('takes as long as installMs says', async () => {
    const quick = createSimulatedFleet(db(), { now, installMs: 500 });
    const { service_name } = await insertVps();
    await quick.rebuild(service_name, 'Ubuntu 24.04');
    advance(500);
    expect(await quick.installState(service_name)).toBe('ready');
  });

  it('two instances reading after the deadline agree', async () => {
    const { service_name } = await insertVps();
    await fleet.rebuild(service_name, 'Ubuntu 24.04');
    advance(INSTALL_MS);
    const others = [createSimulatedFleet(db(), { now }), createSimulatedFleet(db(), { now })];
    const states = await Promise.all([fleet, ...others].map((instance) => instance.installState(service_name)));
    expect(states).toEqual(['ready', 'ready', 'ready']);
    expect((await machineOf(service_name))!.os).toBe('Ubuntu 24.04');
  });

  it('an unknown or deleted machine: CloudVpsNotFound; an empty system name: CloudImageUnavailable', async () => {
    const deleted = await insertVps({ state: 'deleted' });
    for (const name of ['vps-nowhere.vps.ovh.net', deleted.service_name]) {
      await expect(fleet.rebuild(name, 'Debian 12')).rejects.toBeInstanceOf(CloudVpsNotFound);
      await expect(fleet.installState(name)).rejects.toBeInstanceOf(CloudVpsNotFound);
    }
    const { service_name } = await insertVps();
    await expect(fleet.rebuild(service_name, '  ')).rejects.toBeInstanceOf(CloudImageUnavailable);
    expect(await fleet.installState(service_name)).toBe('ready');
  });
});
