import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPterodactylFake, type PterodactylFake } from '../../../../test/fakes/pterodactyl';
import { fakeBackupsOf } from '../../../../test/fakes/pterodactyl-client/backups';
import { fakeSchedulesOf } from '../../../../test/fakes/pterodactyl-client/schedules';
import { createMovableClock } from '../../../clock/clock';
import { createPterodactylAdapter } from '../pterodactyl';
import { GamePanelNotFound, GamePanelRefused, type GamePanelAdapter } from '../types';
import { createPterodactylBackups } from './backups';
import { DAILY_BACKUP_SCHEDULE_NAME, type GameBackups } from './backups-types';

// The real client-API adapter against the fake panel: the backup's life on the node's clock, the
// panel's limit and refusals, the archive read from the node, and the daily schedule made once
// even when an earlier run stopped between the schedule and its task.

const clock = createMovableClock(new Date('2026-12-01T10:00:00.000Z'));
let fake: PterodactylFake;
let panel: GamePanelAdapter;
let backups: GameBackups;
let serial = 0;

beforeAll(async () => {
  fake = await startPterodactylFake({ clock, installMs: 1_000 });
  panel = createPterodactylAdapter({ url: fake.url, applicationKey: fake.applicationKey });
  backups = createPterodactylBackups({ url: fake.url, clientKey: fake.clientKey });
});
afterAll(() => fake.close());

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to throw');
}

/** An installed server allowing `limit` backups; answers its identifier. */
async function installedServer(limit = 2): Promise<string> {
  serial += 1;
  const user = await panel.findOrCreateUser({
    externalId: `b-${serial}`,
    email: `b${serial}@example.com`,
    username: `b${serial}`,
    firstName: 'A',
    lastName: 'B',
  });
  const server = await panel.createServer({
    externalId: `backup-${serial}`,
    name: 'Paper',
    userId: user.id,
    egg: 1,
    dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
    startup: 'java -jar {{SERVER_JARFILE}}',
    environment: { SERVER_JARFILE: 'server.jar', BUILD_NUMBER: 'latest', MINECRAFT_VERSION: 'latest' },
    limits: { memory: 1024, swap: 0, disk: 5120, io: 500, cpu: 100 },
    featureLimits: { databases: 0, allocations: 1, backups: limit },
    deploy: { locations: [1] },
  });
  clock.advance({ minutes: 1 });
  return server.identifier;
}

const fakeServer = (identifier: string) => [...fake.servers.values()].find((s) => s.uuid.startsWith(identifier))!;

describe('backups on the Pterodactyl client API', () => {
  it('reads a backup as creating, then completed with its bytes and checksum', async () => {
    const id = await installedServer();
    const made = await backups.create(id, 'Avant');
    expect(made).toMatchObject({ name: 'Avant', status: 'creating', completedAt: null });
    expect((await backups.list(id)).backups[0]!.status).toBe('creating');
    clock.advance({ minutes: 1 });
    const view = await backups.list(id);
    expect(view).toMatchObject({ limit: 2, restoring: false, dailySchedule: null });
    expect(view.backups[0]).toMatchObject({ uuid: made.uuid, status: 'completed' });
    expect(view.backups[0]!.bytes).toBeGreaterThan(0);
    expect(view.backups[0]!.checksum).toMatch(/^[0-9a-f]{40}$/);
  });

  it('keeps the panel’s refusal at the limit', async () => {
    const id = await installedServer(1);
    await backups.create(id);
    const err = await caught(backups.create(id));
    expect(err).toBeInstanceOf(GamePanelRefused);
    expect((err as GamePanelRefused).errors[0]).toMatchObject({ code: 'TooManyBackupsException', status: '400' });
  });

  it('downloads the archive the node holds, a real gzip', async () => {
    const id = await installedServer();
    const made = await backups.create(id);
    clock.advance({ minutes: 1 });
    const archive = await backups.download(id, made.uuid);
    const chunks: Buffer[] = [];
    for await (const chunk of archive.stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(archive.bytes).toBe(bytes.length);
    expect(gunzipSync(bytes).subarray(257, 262).toString()).toBe('ustar');
  });

  it('restores with truncate and deletes; an unknown backup is GamePanelNotFound', async () => {
    const id = await installedServer();
    const made = await backups.create(id);
    clock.advance({ minutes: 1 });
    await backups.restore(id, made.uuid);
    expect(fakeBackupsOf(fakeServer(id)).restores.map((r) => r.truncate)).toEqual([true]);
    await backups.remove(id, made.uuid);
    expect(await caught(backups.remove(id, made.uuid))).toBeInstanceOf(GamePanelNotFound);
  });

  it('makes the daily schedule once, and completes one an earlier run left without its task', async () => {
    const id = await installedServer();
    expect(await backups.ensureDailySchedule(id)).toEqual({ created: true });
    expect(await backups.ensureDailySchedule(id)).toEqual({ created: false });
    const [schedule] = fakeSchedulesOf(fakeServer(id));
    expect(schedule!.tasks.map((t) => t.action)).toEqual(['backup']);
    const hour = Number(schedule!.cron.hour);
    expect(hour).toBeGreaterThanOrEqual(2);
    expect(hour).toBeLessThan(6);
    expect((await backups.list(id)).dailySchedule).toEqual({ hour, minute: Number(schedule!.cron.minute) });

    const other = await installedServer();
    fakeSchedulesOf(fakeServer(other)).push({
      id: 9_999,
      name: DAILY_BACKUP_SCHEDULE_NAME,
      cron: { minute: '0', hour: '3', day_of_month: '*', month: '*', day_of_week: '*' },
      isActive: true,
      onlyWhenOnline: false,
      tasks: [],
      createdAt: clock.now(),
    });
    expect(await backups.ensureDailySchedule(other)).toEqual({ created: true });
    expect(fakeSchedulesOf(fakeServer(other))).toHaveLength(1);
    expect(fakeSchedulesOf(fakeServer(other))[0]!.tasks).toHaveLength(1);
  });

  it('a wrong client key is refused by name', async () => {
    const id = await installedServer();
    const wrong = createPterodactylBackups({ url: fake.url, clientKey: 'ptlc_wrong' });
    const err = await caught(wrong.list(id));
    expect(err).toBeInstanceOf(GamePanelRefused);
    expect((err as GamePanelRefused).errors[0]).toMatchObject({ code: 'KeyRefused' });
  });
});
