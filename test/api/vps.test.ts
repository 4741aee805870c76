import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_ENCRYPTION_KEY } from '../support/app';
import { buildDeliveredVps } from '../support/builders';
import { buyer, countRows } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';

// The panel's servers on the simulated fleet, with a clock the test moves (no sleeping).

let database: TestDatabase;
let clock = new Date('2026-11-21T10:00:00Z');
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const db = () => database.db;
const fleet = () => createSimulatedFleet(db(), { now: () => clock, transitionMs: 4_000 });
const app = () => createTestApp(db(), { cloud: fleet() });
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const delivered = async (password = 'S3cret-vps-pass', vps: Record<string, unknown> = {}) => {
  const user = await buyer(db());
  return { user, ...(await buildDeliveredVps(db(), user.id, { encryptionKey: TEST_ENCRYPTION_KEY, password, vps })) };
};
const act = (userId: number, vpsId: number | string, action: string, application = app()) =>
  request(application).post(`/api/vps/${vpsId}/${action}`).set('Authorization', bearer(userId)).send();

describe('GET /api/vps', () => {
  it("lists the customer's servers with every field of the VPS record, the password in clear for the owner only", async () => {
    const { user, vps, order } = await delivered('Pa55-word-owner');
    const other = await delivered('Other-pass-9');
    // The product bought is named beside the machine (issue 17): the order's first line, as sold.
    await db()('order_lines').insert([
      { order_id: order.id, name: 'VPS Linux NVMe Pro', price_cents: 1999, qty: 1, tax_rate: 21 },
      { order_id: order.id, name: 'Sauvegarde', price_cents: 100, qty: 1, tax_rate: 21 },
    ]);
    const res = await request(app()).get('/api/vps').set('Authorization', bearer(user.id)).expect(200);
    expect(res.body.vpsList).toEqual([
      {
        vpsId: vps.id,
        ovh_service_name: vps.service_name,
        orderUuid: order.uuid,
        orderId: order.id,
        orderStatus: 'paid',
        product: 'VPS Linux NVMe Pro',
        created_at: expect.any(String),
        started_at: expect.any(String),
        expires_at: expect.any(String),
        state: 'assigned',
        vps_info: {
          ip: '203.0.113.50',
          os: 'Debian 12',
          region: 'GRA',
          status: 'running',
          plan: 'VPS Comfort',
          login: 'root',
          password: 'Pa55-word-owner',
          specs: { ram: 8, cores: 4, storage: 160, traffic: 'Illimité' },
        },
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('Other-pass-9');
    expect(JSON.stringify(res.body)).not.toContain(String(other.vps.service_name));
    await request(app()).get('/api/vps').expect(401);
  });

  it('the password never reaches the logs, even at debug level', async () => {
    const { user, vps } = await delivered('Never-Logged-7x');
    const lines: string[] = [];
    const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
    const logged = createTestApp(db(), { cloud: fleet(), logger });
    const res = await request(logged).get('/api/vps').set('Authorization', bearer(user.id)).expect(200);
    expect(res.body.vpsList[0].vps_info.password).toBe('Never-Logged-7x');
    await act(user.id, vps.id, 'stop', logged).expect(200);
    expect(lines.length).toBeGreaterThan(1); // the requests were logged
    expect(lines.join('')).not.toContain('Never-Logged-7x');
  });

  it('an account without servers gets an empty list', async () => {
    const user = await buyer(db());
    const res = await request(app()).get('/api/vps').set('Authorization', bearer(user.id)).expect(200);
    expect(res.body).toEqual({ vpsList: [] });
  });
});

describe('POST /api/vps/{vpsId}/{action} on the simulated fleet', () => {
  it('stop -> stopping -> stopped, start -> starting -> running, reboot -> rebooting -> running, each audited', async () => {
    const { user, vps } = await delivered();
    const stopped = await act(user.id, vps.id, 'stop').expect(200);
    expect(stopped.body.vps.vps_info.status).toBe('stopping');
    later(4_000);
    const list = await request(app()).get('/api/vps').set('Authorization', bearer(user.id)).expect(200);
    expect(list.body.vpsList[0].vps_info.status).toBe('stopped');

    expect((await act(user.id, vps.id, 'start').expect(200)).body.vps.vps_info.status).toBe('starting');
    later(4_000);
    expect((await act(user.id, vps.id, 'reboot').expect(200)).body.vps.vps_info.status).toBe('rebooting');
    later(3_000);
    expect((await request(app()).get('/api/vps').set('Authorization', bearer(user.id))).body.vpsList[0].vps_info.status).toBe('rebooting');
    later(1_000);
    expect((await request(app()).get('/api/vps').set('Authorization', bearer(user.id))).body.vpsList[0].vps_info.status).toBe('running');

    const audit = await db()('audit_log')
      .where({ entity_type: 'vps', entity_id: String(vps.id) })
      .orderBy('id');
    expect(audit.map((a) => [a.action, a.actor_id, a.before.status, a.after.status])).toEqual([
      ['vps.stop', user.id, 'running', 'stopping'],
      ['vps.start', user.id, 'stopped', 'starting'],
      ['vps.reboot', user.id, 'running', 'rebooting'],
    ]);
    expect(JSON.stringify(audit)).not.toContain('S3cret-vps-pass');
  });

  it('409 while a transition runs or when the action does not apply; nothing is audited', async () => {
    const { user, vps } = await delivered();
    expect((await act(user.id, vps.id, 'start').expect(409)).body).toMatchObject({
      error: 'action_not_possible',
      reason: 'already_running',
    });
    await act(user.id, vps.id, 'stop').expect(200);
    expect((await act(user.id, vps.id, 'reboot').expect(409)).body.error).toBe('vps_busy');
    expect(await countRows(db(), 'audit_log', { entity_type: 'vps', entity_id: String(vps.id) })).toBe(1);
  });

  it("400 for an unknown action; 404 for another customer's server or an unknown id, and nothing moves", async () => {
    const { user, vps } = await delivered();
    const stranger = await buyer(db());
    const bad = await act(user.id, vps.id, 'format').expect(400);
    expect(bad.body).toMatchObject({ error: 'unknown_action', fields: { action: ['panel.actions.unknown'] } });
    await act(stranger.id, vps.id, 'stop').expect(404);
    await act(user.id, 999999, 'stop').expect(404);
    await act(user.id, 'abc', 'stop').expect(404);
    await request(app()).post(`/api/vps/${vps.id}/stop`).expect(401);
    expect((await db()('vps').where({ id: vps.id }).first()).power_status).toBe('running');
  });

  it('404 for a server id above 2147483647 or malformed, never 500; nothing is audited', async () => {
    const { user, vps } = await delivered();
    for (const id of ['2147483648', '99999999999999999999', '12abc', '1e3', '0']) {
      const res = await act(user.id, id, 'start');
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
    }
    expect(await countRows(db(), 'audit_log', { entity_type: 'vps', entity_id: String(vps.id) })).toBe(0);
  });

  it('409 vps_suspended for a suspended server', async () => {
    const { user, vps } = await delivered('x', { state: 'suspended', suspended_at: new Date() });
    expect((await act(user.id, vps.id, 'start').expect(409)).body.error).toBe('vps_suspended');
  });

  it('limits power actions per server: the 7th within 10 minutes is 429 with Retry-After', async () => {
    const { user, vps } = await delivered();
    const application = app();
    const answers = [];
    for (let i = 0; i < 7; i++) {
      const action = i % 2 === 0 ? 'stop' : 'start';
      answers.push(await act(user.id, vps.id, action, application));
      later(4_000);
    }
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(Number(answers[6]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a zero-padded id (01, 001...) names no server and gets no allowance of its own: 404, uncounted', async () => {
    const { user, vps } = await delivered();
    const application = app();
    for (const padded of ['0', '00', '000', '0000', '00000', '000000', '0000000'].map((zeros) => `${zeros}${vps.id}`)) {
      expect((await act(user.id, padded, 'stop', application)).status).toBe(404);
    }
    expect((await act(user.id, vps.id, 'stop', application)).status).toBe(200);
  });
});
