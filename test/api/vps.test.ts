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
    expect(res.body).toEqual({ vpsList: [], next: null });
  });
});

describe('GET /api/vps a page at a time (issue 18)', () => {
  const list = (userId: number, query: Record<string, string | number> = {}) =>
    request(app()).get('/api/vps').query(query).set('Authorization', bearer(userId));

  it('gives every server once, newest order first (its id breaks ties), each page naming the next', async () => {
    const user = await buyer(db());
    const other = await delivered();
    // Three ordered at the same instant: the cursor must neither skip nor repeat one of them.
    const times = ['2026-01-01', '2026-01-03', '2026-01-02', '2026-01-02', '2026-01-02', '2026-01-04', '2026-01-05'];
    for (const at of times) {
      const { order } = await buildDeliveredVps(db(), user.id, { encryptionKey: TEST_ENCRYPTION_KEY });
      await db()('orders')
        .where({ id: order.id })
        .update({ created_at: new Date(at) });
    }
    const expected = (
      await db()('vps')
        .join('orders', 'orders.id', 'vps.order_id')
        .where('orders.user_id', user.id)
        .orderBy([
          { column: 'orders.created_at', order: 'desc' },
          { column: 'orders.id', order: 'desc' },
        ])
        .select('vps.id')
    ).map((row: { id: number }) => row.id);

    const seen: number[] = [];
    let after: number | undefined;
    for (const size of [3, 3, 1]) {
      const page = (await list(user.id, { limit: 3, ...(after && { after }) }).expect(200)).body as {
        vpsList: { vpsId: number }[];
        next: number | null;
      };
      expect(page.vpsList).toHaveLength(size);
      seen.push(...page.vpsList.map((vps) => vps.vpsId));
      expect(page.next).toBe(size === 3 ? seen[seen.length - 1] : null);
      after = page.next ?? undefined;
    }
    expect(seen).toEqual(expected);
    // Another customer's machine as the cursor only marks a place: their machines never show.
    const foreign = (await list(user.id, { after: other.vps.id }).expect(200)).body.vpsList as { vpsId: number }[];
    expect(foreign.map((vps) => vps.vpsId)).toEqual(expected.slice(0, foreign.length));
    expect(foreign.map((vps) => vps.vpsId)).not.toContain(other.vps.id);
  });

  it('answers 304 without a body while the page has not changed, and the new page once it has', async () => {
    const { user, vps } = await delivered();
    const first = await list(user.id).expect(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const unchanged = await list(user.id).set('If-None-Match', etag).expect(304);
    expect(unchanged.text).toBeFalsy();
    await db()('vps')
      .where({ id: vps.id })
      .update({ expires_at: new Date('2027-03-01T00:00:00Z') });
    const changed = await list(user.id).set('If-None-Match', etag).expect(200);
    expect(changed.body.vpsList[0]).toMatchObject({ vpsId: vps.id, expires_at: '2027-03-01T00:00:00.000Z' });
  });

  it('refuses a page size beyond 100 or a cursor that is not an id, with the field named', async () => {
    const user = await buyer(db());
    for (const [query, field] of [
      [{ limit: 101 }, 'limit'],
      [{ limit: 0 }, 'limit'],
      [{ after: 'abc' }, 'after'],
      [{ after: 0 }, 'after'],
      [{ after: '99999999999' }, 'after'],
    ] as const) {
      const res = await list(user.id, query).expect(400);
      expect(res.body.fields).toHaveProperty(field);
    }
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
