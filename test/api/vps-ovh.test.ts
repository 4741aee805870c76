import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOvhFake, type OvhFake } from '../fakes/ovh';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_ENCRYPTION_KEY } from '../support/app';
import { buildDeliveredVps } from '../support/builders';
import { buyer } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Power actions through the real `ovh` package against the OVH fake, which checks every signature.

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
const app = () =>
  createTestApp(db(), {
    config: { ovh: { endpoint: ovh.endpoint, appKey: ovh.appKey, appSecret: ovh.appSecret, consumerKey: ovh.consumerKey } },
  });

async function deliveredOnOvh() {
  const machine = ovh.addMachine({ state: 'running' });
  const user = await buyer(db());
  const { vps } = await buildDeliveredVps(db(), user.id, { encryptionKey: TEST_ENCRYPTION_KEY, vps: { service_name: machine.name } });
  return { user, vps, machine };
}

describe('the panel on OVH', () => {
  it('reads the state from OVH and stops, starts and reboots with signed requests', async () => {
    const { user, vps, machine } = await deliveredOnOvh();
    const list = await request(app()).get('/api/vps').set('Authorization', bearer(user.id)).expect(200);
    expect(list.body.vpsList[0].vps_info.status).toBe('running');

    for (const [action, shown, task] of [
      ['stop', 'stopping', 'stopVm'],
      ['start', 'starting', 'startVm'],
      ['reboot', 'rebooting', 'rebootVm'],
    ] as const) {
      const before = ovh.requests.length;
      const res = await request(app()).post(`/api/vps/${vps.id}/${action}`).set('Authorization', bearer(user.id)).expect(200);
      expect(res.body.vps.vps_info.status).toBe(shown);
      const posted = ovh.requests.slice(before).filter((r) => r.method === 'POST');
      expect(posted.map((r) => r.path)).toEqual([
        expect.stringMatching(new RegExp(`/vps/${machine.name.replace(/\./g, '\\.')}/${action}$`)),
      ]);
      expect(posted[0]!.signatureValid).toBe(true);
      expect(ovh.tasks.at(-1)).toMatchObject({ type: task, serviceName: machine.name });
      ovh.settle(machine.name);
    }
    const after = await request(app()).get('/api/vps').set('Authorization', bearer(user.id)).expect(200);
    expect(after.body.vpsList[0].vps_info.status).toBe('running');
    expect(ovh.requests.every((r) => r.signatureValid !== false)).toBe(true);
  });

  it('OVH down: the action answers 502 cloud_unavailable and the list shows the last known state', async () => {
    const { user, vps } = await deliveredOnOvh();
    ovh.down(true);
    try {
      const res = await request(app()).post(`/api/vps/${vps.id}/stop`).set('Authorization', bearer(user.id)).expect(502);
      expect(res.body.error).toBe('cloud_unavailable');
      expect(JSON.stringify(res.body)).not.toContain(ovh.appSecret);
      const list = await request(app()).get('/api/vps').set('Authorization', bearer(user.id)).expect(200);
      expect(list.body.vpsList[0].vps_info.status).toBe('running');
    } finally {
      ovh.down(false);
    }
    expect(await db()('audit_log').where({ entity_type: 'vps', entity_id: String(vps.id) })).toHaveLength(0);
  });
});
