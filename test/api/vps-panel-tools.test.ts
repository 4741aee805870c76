import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../server/crypto/secret-box';
import { startOvhFake, type OvhFake } from '../fakes/ovh';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_ENCRYPTION_KEY } from '../support/app';
import { buildDeliveredGameServer, buildDeliveredVps } from '../support/builders';
import { buyer } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Issue 33, the VPS tools of the panel: root password reset, OVH's browser console, graphs and the
// snapshot, through the real `ovh` package against the OVH fake, and in the sandbox (no OVH keys).

let database: TestDatabase;
let ovh: OvhFake;
beforeAll(async () => {
  database = await createTestDatabase();
  ovh = startOvhFake();
});
afterAll(async () => {
  ovh.stop();
  await database.destroy();
});

const db = () => database.db;
const ovhConfig = () => ({ endpoint: ovh.endpoint, appKey: ovh.appKey, appSecret: ovh.appSecret, consumerKey: ovh.consumerKey });
const live = () => createTestApp(db(), { config: { ovh: ovhConfig() } });
const sandbox = () => createTestApp(db());

async function vpsOnOvh(machine: Parameters<OvhFake['addMachine']>[0] = {}) {
  const vps = ovh.addMachine({ state: 'running', ...machine });
  const user = await buyer(db());
  const built = await buildDeliveredVps(db(), user.id, { encryptionKey: TEST_ENCRYPTION_KEY, vps: { service_name: vps.name } });
  return { user, machine: vps, service: built.service, vps: built.vps };
}

async function vpsInSandbox() {
  const user = await buyer(db());
  const built = await buildDeliveredVps(db(), user.id, { encryptionKey: TEST_ENCRYPTION_KEY });
  return { user, service: built.service, vps: built.vps };
}

const as = (userId: number) => ({ Authorization: bearer(userId) });
const callsTo = (name: string, tail: string) => ovh.requests.filter((r) => r.path.includes(`/vps/${name}/${tail}`));
const eventsOf = async (app: ReturnType<typeof live>, userId: number, serviceId: number) =>
  (await request(app).get(`/api/services/${serviceId}/events`).set(as(userId)).expect(200)).body.events.map(
    (e: { action: string }) => e.action,
  );

describe('root password reset', () => {
  it('asks OVH (setPassword), says the password comes by OVH’s mail, forgets the old one and follows the task', async () => {
    const { user, machine, service, vps } = await vpsOnOvh();
    const res = await request(live()).post(`/api/services/${service.id}/root-password/reset`).set(as(user.id)).expect(202);
    expect(res.body).toEqual({ reset: { delivery: 'by_mail' } });
    expect(res.headers['cache-control']).toBe('no-store');
    const [call] = callsTo(machine.name, 'setPassword');
    expect(call).toMatchObject({ method: 'POST', signatureValid: true });
    expect(ovh.tasks.at(-1)).toMatchObject({ serviceName: machine.name, type: 'changeRootPassword', state: 'todo' });
    // The password the panel kept no longer opens the machine: it is not shown any more.
    expect((await db()('vps').where({ id: vps.id }).first('password_encrypted')).password_encrypted).toBeNull();

    const meanwhile = await request(live()).get(`/api/services/${service.id}/root-password`).set(as(user.id)).expect(200);
    expect(meanwhile.body).toEqual({ running: true });
    const again = await request(live()).post(`/api/services/${service.id}/root-password/reset`).set(as(user.id)).expect(409);
    expect(again.body.error).toBe('password_reset_running');
    expect(callsTo(machine.name, 'setPassword')).toHaveLength(1);

    ovh.settle(machine.name);
    expect((await request(live()).get(`/api/services/${service.id}/root-password`).set(as(user.id)).expect(200)).body).toEqual({
      running: false,
    });
    expect(await eventsOf(live(), user.id, service.id)).toEqual(['service.password_reset']);
  });

  it('in the sandbox, gives the new password once and keeps it sealed for the VPS page', async () => {
    const { user, service, vps } = await vpsInSandbox();
    const res = await request(sandbox()).post(`/api/services/${service.id}/root-password/reset`).set(as(user.id)).expect(202);
    expect(res.body.reset.delivery).toBe('given');
    expect(res.body.reset.password).toMatch(/^\S{20}$/);
    const sealed = (await db()('vps').where({ id: vps.id }).first('password_encrypted')).password_encrypted as string;
    expect(decryptSecret(sealed, TEST_ENCRYPTION_KEY)).toBe(res.body.reset.password);
    const audit = await db()('audit_log')
      .where({ entity_type: 'service', entity_id: String(service.id) })
      .first('after');
    expect(JSON.stringify(audit)).not.toContain(res.body.reset.password);
  });

  it('OVH down: 502 and the kept password stays', async () => {
    const { user, service, vps } = await vpsOnOvh();
    ovh.down(true);
    try {
      const res = await request(live()).post(`/api/services/${service.id}/root-password/reset`).set(as(user.id)).expect(502);
      expect(res.body.error).toBe('cloud_unavailable');
    } finally {
      ovh.down(false);
    }
    expect((await db()('vps').where({ id: vps.id }).first('password_encrypted')).password_encrypted).not.toBeNull();
  });
});

describe('browser console', () => {
  it('hands OVH’s console URL to the owner alone, fresh each time, and audits the opening without it', async () => {
    const { user, machine, service } = await vpsOnOvh();
    const res = await request(live()).post(`/api/services/${service.id}/vps-console`).set(as(user.id)).expect(200);
    expect(res.body).toEqual({ url: machine.consoleUrls[0], sandbox: false });
    expect(res.headers['cache-control']).toBe('no-store');
    const audit = await db()('audit_log').where({ entity_type: 'service', entity_id: String(service.id) });
    expect(audit.map((row) => row.action)).toEqual(['service.console_opened']);
    expect(JSON.stringify(audit)).not.toContain('token=');

    const stranger = await buyer(db());
    await request(live()).post(`/api/services/${service.id}/vps-console`).set(as(stranger.id)).expect(404);
    expect(machine.consoleUrls).toHaveLength(1);
  });

  it('in the sandbox, opens our own page that says it is the sandbox, in the browser’s language', async () => {
    const { user, service } = await vpsInSandbox();
    const res = await request(sandbox()).post(`/api/services/${service.id}/vps-console`).set(as(user.id)).expect(200);
    expect(res.body).toEqual({ url: `/api/sandbox/vps-console?lng=${user.language}`, sandbox: true });
    const page = await request(sandbox()).get('/api/sandbox/vps-console').set('Accept-Language', 'nl-BE,nl;q=0.9').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).toContain('Sandbox: deze console is gesimuleerd.');
    const inFrench = await request(sandbox()).get('/api/sandbox/vps-console?lng=fr').set('Accept-Language', 'nl').expect(200);
    expect(inFrench.text).toContain('Bac à sable : cette console est simulée.');
    // With OVH's keys, no such page.
    await request(live()).get('/api/sandbox/vps-console').expect(404);
  });
});

describe('GET /api/services/{id}/metrics', () => {
  it('reads CPU, memory and network from OVH monitoring with its period and types, gaps kept', async () => {
    const { user, machine, service } = await vpsOnOvh();
    const app = live();
    const res = await request(app).get(`/api/services/${service.id}/metrics?period=7d`).set(as(user.id)).expect(200);
    const monitoring = callsTo(machine.name, 'monitoring?');
    expect(monitoring.map((r) => new URL(r.path, 'https://x').searchParams.toString()).sort()).toEqual([
      'period=lastweek&type=cpu%3Aused',
      'period=lastweek&type=mem%3Amax',
      'period=lastweek&type=mem%3Aused',
      'period=lastweek&type=net%3Arx',
      'period=lastweek&type=net%3Atx',
    ]);
    expect(monitoring.every((r) => r.signatureValid)).toBe(true);
    expect(res.body.period).toBe('7d');
    expect(res.body.cpu.unit).toBe('%');
    expect(res.body.cpu.times).toHaveLength(288);
    expect(res.body.cpu.values[3]).toBeNull();
    expect(res.body.memory).toMatchObject({ unit: 'MB', total: 2048 });
    expect(res.body.networkIn.unit).toBe('bps');
    expect(res.body.networkOut.values).toHaveLength(288);

    // Read again within the minute: the answer kept, OVH not asked again.
    await request(app).get(`/api/services/${service.id}/metrics?period=7d`).set(as(user.id)).expect(200);
    expect(callsTo(machine.name, 'monitoring?')).toHaveLength(monitoring.length);
  });

  it('a bad period is a 400 with the field, and OVH is not asked', async () => {
    const { user, machine, service } = await vpsOnOvh();
    for (const query of ['period=1y', 'period=', '']) {
      const res = await request(live()).get(`/api/services/${service.id}/metrics?${query}`).set(as(user.id)).expect(400);
      expect(res.body.fields.period).toEqual(['panel.vpsTools.metrics.errorperiod']);
    }
    expect(callsTo(machine.name, 'monitoring')).toHaveLength(0);
  });

  it('in the sandbox, plausible data, the same for the same moment', async () => {
    const { user, service } = await vpsInSandbox();
    const a = await request(sandbox()).get(`/api/services/${service.id}/metrics?period=24h`).set(as(user.id)).expect(200);
    const b = await request(sandbox()).get(`/api/services/${service.id}/metrics?period=24h`).set(as(user.id)).expect(200);
    expect(a.body).toEqual(b.body);
    expect(a.body.cpu.times).toHaveLength(96);
    expect(Math.max(...a.body.cpu.values)).toBeLessThanOrEqual(100);
    expect(Math.min(...a.body.cpu.values)).toBeGreaterThan(0);
    expect(a.body.memory.total).toBe(8 * 1024);
    expect(Math.max(...a.body.memory.values)).toBeLessThan(8 * 1024);
    const month = await request(sandbox()).get(`/api/services/${service.id}/metrics?period=30d`).set(as(user.id)).expect(200);
    expect(month.body.cpu.times.at(-1)! - month.body.cpu.times[0]!).toBe(30 * 86_400 - 6 * 3600);
  });
});

describe('snapshot', () => {
  const snapshotOf = (app: ReturnType<typeof live>, userId: number, serviceId: number) =>
    request(app).get(`/api/services/${serviceId}/snapshot`).set(as(userId)).expect(200);

  it('with OVH’s option: takes one, restores it, deletes it, each an OVH task followed to its end', async () => {
    const { user, machine, service } = await vpsOnOvh({ options: ['snapshot'] });
    expect((await snapshotOf(live(), user.id, service.id)).body.snapshot).toEqual({ included: true, current: null, running: null });

    const taken = await request(live())
      .post(`/api/services/${service.id}/snapshot`)
      .set(as(user.id))
      .send({ description: 'avant PHP 8.4' })
      .expect(202);
    expect(taken.body.snapshot).toEqual({ included: true, current: null, running: 'creating' });
    expect(JSON.parse(callsTo(machine.name, 'createSnapshot')[0]!.body)).toEqual({ description: 'avant PHP 8.4' });
    const twice = await request(live()).post(`/api/services/${service.id}/snapshot`).set(as(user.id)).send({}).expect(409);
    expect(twice.body.error).toBe('snapshot_busy');

    ovh.settle(machine.name);
    const done = (await snapshotOf(live(), user.id, service.id)).body.snapshot;
    expect(done).toMatchObject({ included: true, running: null, current: { description: 'avant PHP 8.4' } });
    const one = await request(live()).post(`/api/services/${service.id}/snapshot`).set(as(user.id)).send({}).expect(409);
    expect(one.body.error).toBe('snapshot_exists');

    const restoring = await request(live()).post(`/api/services/${service.id}/snapshot/restore`).set(as(user.id)).expect(202);
    expect(restoring.body.snapshot.running).toBe('restoring');
    expect(callsTo(machine.name, 'snapshot/revert')).toHaveLength(1);
    ovh.settle(machine.name);

    const deleting = await request(live()).delete(`/api/services/${service.id}/snapshot`).set(as(user.id)).expect(202);
    expect(deleting.body.snapshot.running).toBe('deleting');
    ovh.settle(machine.name);
    expect((await snapshotOf(live(), user.id, service.id)).body.snapshot).toEqual({ included: true, current: null, running: null });
    const none = await request(live()).post(`/api/services/${service.id}/snapshot/restore`).set(as(user.id)).expect(409);
    expect(none.body.error).toBe('snapshot_missing');

    expect(await eventsOf(live(), user.id, service.id)).toEqual([
      'service.snapshot_deleted',
      'service.snapshot_restored',
      'service.snapshot_created',
    ]);
  });

  it('without the option: said not included, and nothing is asked of OVH', async () => {
    const { user, machine, service } = await vpsOnOvh({ options: [] });
    expect((await snapshotOf(live(), user.id, service.id)).body.snapshot).toEqual({ included: false, current: null, running: null });
    const res = await request(live()).post(`/api/services/${service.id}/snapshot`).set(as(user.id)).send({}).expect(409);
    expect(res.body.error).toBe('snapshot_not_included');
    expect(callsTo(machine.name, 'createSnapshot')).toHaveLength(0);
  });

  it('a description too long is a 400 with the field', async () => {
    const { user, service } = await vpsOnOvh({ options: ['snapshot'] });
    const res = await request(live())
      .post(`/api/services/${service.id}/snapshot`)
      .set(as(user.id))
      .send({ description: 'x'.repeat(101) })
      .expect(400);
    expect(res.body.fields.description).toEqual(['panel.vpsTools.snapshot.errordescription']);
  });

  it('in the sandbox: every machine has the option; the tasks land after a while', async () => {
    const { user, service, vps } = await vpsInSandbox();
    await request(sandbox()).post(`/api/services/${service.id}/snapshot`).set(as(user.id)).send({ description: 'test' }).expect(202);
    await db()('sandbox_vps_snapshots')
      .where({ service_name: vps.service_name })
      .update({ task_settles_at: new Date(Date.now() - 1000) });
    const res = await snapshotOf(sandbox(), user.id, service.id);
    expect(res.body.snapshot).toMatchObject({ included: true, running: null, current: { description: 'test' } });
  });
});

describe('refusals shared by every tool', () => {
  const calls: [string, string][] = [
    ['post', 'root-password/reset'],
    ['get', 'root-password'],
    ['post', 'vps-console'],
    ['get', 'metrics?period=24h'],
    ['get', 'snapshot'],
    ['post', 'snapshot'],
    ['post', 'snapshot/restore'],
    ['delete', 'snapshot'],
  ];
  const send = (app: ReturnType<typeof live>, [method, tail]: [string, string], userId: number, serviceId: number) =>
    (request(app) as unknown as Record<string, (url: string) => request.Test>)[method]!(`/api/services/${serviceId}/${tail}`)
      .set(as(userId))
      .send({});

  it('another customer’s VPS is 404; a suspended one 409 service_suspended; an ended one 409 service_terminated', async () => {
    const { user, machine, service } = await vpsOnOvh({ options: ['snapshot'] });
    const stranger = await buyer(db());
    const before = ovh.requests.length;
    for (const call of calls) expect((await send(live(), call, stranger.id, service.id)).status).toBe(404);
    await db()('services').where({ id: service.id }).update({ status: 'suspended' });
    for (const call of calls) {
      const res = await send(live(), call, user.id, service.id);
      expect([res.status, res.body.error]).toEqual([409, 'service_suspended']);
    }
    await db()('services').where({ id: service.id }).update({ status: 'terminated' });
    for (const call of calls) {
      const res = await send(live(), call, user.id, service.id);
      expect([res.status, res.body.error]).toEqual([409, 'service_terminated']);
    }
    expect(ovh.requests.slice(before).filter((r) => r.path.includes(machine.name))).toEqual([]);
  });

  it('a game server has none of these tools: 409 vps_tools_not_offered', async () => {
    const user = await buyer(db());
    const game = await buildDeliveredGameServer(db(), user.id, { panelServerId: 9101 });
    for (const call of calls) {
      const res = await send(live(), call, user.id, game.service.id);
      expect([res.status, res.body.error]).toEqual([409, 'vps_tools_not_offered']);
    }
  });

  it('the actions share the panel’s limit per service', async () => {
    const { user, service } = await vpsInSandbox();
    const app = sandbox();
    const statuses = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await request(app).post(`/api/services/${service.id}/vps-console`).set(as(user.id))).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
