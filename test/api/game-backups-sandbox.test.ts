import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock } from '../../server/clock/clock';
import { createSandboxBackups, SANDBOX_BACKUP_MS, SANDBOX_RESTORE_MS } from '../../server/providers/game-panel/client-api/backups-sandbox';
import { createGameBackups } from '../../server/providers/game-panel/client-api/create-backups';
import { createSandboxGamePanel } from '../../server/providers/game-panel/sandbox';
import { GamePanelRefused } from '../../server/providers/game-panel/types';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buildDeliveredGameServer } from '../support/builders';
import { buyer } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { serverOnPanel } from '../support/service-machines';

// The sandbox panel's backups (npm start, no Pterodactyl): they take time on the injected clock,
// hold the server's limit, restore for a while, download as a real .tar.gz, and the daily schedule
// is kept once. The app picks it without a panel, and refuses with 503 on a panel without client key.

let database: TestDatabase;
const clock = createMovableClock(new Date('2026-12-01T10:00:00Z'));
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const db = () => database.db;
const panel = () => createSandboxGamePanel(db(), { now: () => clock.now(), installMs: 0 });
const sandbox = () => createSandboxBackups(db(), { now: () => clock.now() });
const advance = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));

describe('sandbox backups', () => {
  it('take time, then complete with a size; the limit is the server’s', async () => {
    const server = await serverOnPanel(panel()); // backups: 2
    const made = await sandbox().create(server.identifier, 'Monde');
    expect(made.status).toBe('creating');
    advance(SANDBOX_BACKUP_MS - 1);
    expect((await sandbox().list(server.identifier)).backups[0]!.status).toBe('creating');
    advance(1);
    const view = await sandbox().list(server.identifier);
    expect(view.limit).toBe(2);
    expect(view.backups[0]).toMatchObject({ uuid: made.uuid, status: 'completed' });
    expect(view.backups[0]!.bytes).toBeGreaterThan(0);
    await sandbox().create(server.identifier);
    const refused = await sandbox()
      .create(server.identifier)
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(GamePanelRefused);
    expect((refused as GamePanelRefused).errors[0]!.code).toBe('TooManyBackupsException');
  });

  it('restores for a while, refusing a second restore meanwhile, and downloads a real tar.gz', async () => {
    const server = await serverOnPanel(panel());
    const made = await sandbox().create(server.identifier);
    advance(SANDBOX_BACKUP_MS);
    await sandbox().restore(server.identifier, made.uuid);
    expect((await sandbox().list(server.identifier)).restoring).toBe(true);
    await expect(sandbox().restore(server.identifier, made.uuid)).rejects.toBeInstanceOf(GamePanelRefused);
    advance(SANDBOX_RESTORE_MS);
    expect((await sandbox().list(server.identifier)).restoring).toBe(false);
    const archive = await sandbox().download(server.identifier, made.uuid);
    const chunks: Buffer[] = [];
    for await (const chunk of archive.stream) chunks.push(chunk as Buffer);
    const tar = gunzipSync(Buffer.concat(chunks));
    expect(tar.subarray(0, 17).toString()).toBe('server.properties');
    expect(tar.subarray(257, 262).toString()).toBe('ustar');
  });

  it('keeps one daily schedule however often it is asked', async () => {
    const server = await serverOnPanel(panel());
    expect(await sandbox().ensureDailySchedule(server.identifier)).toEqual({ created: true });
    expect(await sandbox().ensureDailySchedule(server.identifier)).toEqual({ created: false });
    const tasks = await db()('game_panel_sandbox_schedule_tasks as t')
      .join('game_panel_sandbox_schedules as s', 's.id', 't.schedule_id')
      .where('s.server_identifier', server.identifier)
      .pluck('t.action');
    expect(tasks).toEqual(['backup']);
    expect((await sandbox().list(server.identifier)).dailySchedule).not.toBeNull();
  });

  it('the app backs up on the sandbox without a panel', async () => {
    const server = await serverOnPanel(panel());
    const customer = await buyer(db());
    const { service } = await buildDeliveredGameServer(db(), customer.id, {
      panelServerId: server.id,
      service: { panel_identifier: server.identifier },
    });
    const app = createTestApp(db(), { clock });
    const made = await request(app)
      .post(`/api/services/${service.id}/backups`)
      .set('Authorization', bearer(customer.id))
      .send({})
      .expect(202);
    expect(made.body.backup.status).toBe('creating');
    expect(made.body.backup.name).toMatch(/^Backup at 2026-12-01/);
  });

  it('a live panel without its client key answers 503 with a clear code', async () => {
    const live = createGameBackups({ pterodactyl: { url: 'http://127.0.0.1:9', applicationKey: 'ptla_x' } }, { db: db() });
    expect(live.mode).toBe('live');
    const customer = await buyer(db());
    const { service } = await buildDeliveredGameServer(db(), customer.id, { panelServerId: 1 });
    const app = createTestApp(db(), { clock, config: { pterodactyl: { url: 'http://127.0.0.1:9', applicationKey: 'ptla_x' } } });
    const answer = await request(app).get(`/api/services/${service.id}/backups`).set('Authorization', bearer(customer.id)).expect(503);
    expect(answer.body.error).toBe('panel_client_key_missing');
  });

  it('a VPS has no backups here: 409 backups_not_offered', async () => {
    const customer = await buyer(db());
    const { service } = await buildDeliveredGameServer(db(), customer.id, {
      panelServerId: 1,
      service: { kind: 'vps', delivery: 'inventory' },
    });
    const app = createTestApp(db(), { clock });
    const answer = await request(app).get(`/api/services/${service.id}/backups`).set('Authorization', bearer(customer.id)).expect(409);
    expect(answer.body.error).toBe('backups_not_offered');
  });
});
