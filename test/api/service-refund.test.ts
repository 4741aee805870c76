import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { createSandboxGamePanel } from '../../server/providers/game-panel/sandbox';
import type { GamePanelAdapter } from '../../server/providers/game-panel/types';
import { createEndServiceAtProvider, type EndServiceJob } from '../../server/modules/services/index';
import { buildAccount } from '../support/accounts';
import { createTestApp, testLogger } from '../support/app';
import { buildDeliveredGameServer } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { serverOnPanel, testMachines } from '../support/service-machines';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 31: staff refunding a delivered service in full choose how it ends: now (the server is
// deleted on the panel by the job queued with the refund) or at the end of its term (no renewal).

let database: TestDatabase;
let app: Express;
let panel: GamePanelAdapter;
let admin: { id: number };
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(db());
  panel = createSandboxGamePanel(db(), { installMs: 0 });
  admin = await buildStaff(db(), 'admin');
});

afterAll(async () => {
  await database.destroy();
});

async function deliveredGameServer() {
  const customer = await buildAccount(db(), { email_verified_at: new Date() });
  const server = await serverOnPanel(panel);
  const { order, service } = await buildDeliveredGameServer(db(), customer.id, { panelServerId: server.id });
  return { order, service, server };
}

const refund = (orderId: number, body: object) =>
  request(app).post(`/api/admin/orders/${orderId}/refund`).set('Authorization', staffBearer(admin.id)).send(body);

async function queuedEndJobs(serviceId: number): Promise<EndServiceJob[]> {
  const rows = await db().raw("SELECT data FROM pgboss.job WHERE name = 'end-service-at-provider' AND data @> ?::jsonb", [
    JSON.stringify({ serviceId }),
  ]);
  return (rows.rows as { data: EndServiceJob }[]).map((r) => r.data);
}

describe('a full refund of a delivered service', () => {
  it('asks how the service ends (400, nothing refunded) when staff did not say', async () => {
    const { order, service } = await deliveredGameServer();
    const res = await refund(order.id, { amount_cents: 1210, reason: 'Client mécontent' }).expect(400);
    expect(res.body.fields).toHaveProperty('services');
    expect(Number((await db()('orders').where({ id: order.id }).first()).refunded_cents)).toBe(0);
    expect((await db()('services').where({ id: service.id }).first()).status).toBe('active');
  });

  it('terminate now: the service ends at once and its server is deleted on the panel after the commit', async () => {
    const { order, service, server } = await deliveredGameServer();
    await refund(order.id, { amount_cents: 1210, reason: 'Client mécontent', services: 'terminate_now' }).expect(200);
    expect((await db()('services').where({ id: service.id }).first()).status).toBe('terminated');
    const jobs = await queuedEndJobs(service.id);
    expect(jobs).toEqual([{ serviceId: service.id }]);
    const end = createEndServiceAtProvider({
      db: db(),
      machines: testMachines(db(), createSimulatedFleet(db()), panel),
      logger: testLogger(),
    });
    await end(jobs[0]!);
    await expect(panel.getServer(server.id)).rejects.toThrow(/not found/);
  });

  it('at term: the service runs to its expiry and renews no more; a partial refund changes nothing', async () => {
    const { order, service, server } = await deliveredGameServer();
    await refund(order.id, { amount_cents: 200, reason: 'Geste' }).expect(200);
    expect((await db()('services').where({ id: service.id }).first()).end_at_term_requested_at).toBeNull();
    await refund(order.id, { amount_cents: 1010, reason: 'Le reste', services: 'end_of_term' }).expect(200);
    const row = await db()('services').where({ id: service.id }).first();
    expect(row.status).toBe('active');
    expect(row.end_at_term_requested_at).not.toBeNull();
    expect(await queuedEndJobs(service.id)).toEqual([]);
    expect((await panel.getServer(server.id)).id).toBe(server.id);
  });
});
