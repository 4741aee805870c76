import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../server/jobs/job-queue';
import { FOLLOW_REINSTALL_QUEUE } from '../../server/jobs/queues';
import { createFollowReinstall } from '../../server/modules/services/index';
import type { FollowReinstallJob } from '../../server/modules/services/actions/reinstall.service';
import { createOvhAdapter } from '../../server/providers/cloud/ovh';
import { startOvhFake, type OvhFake } from '../fakes/ovh';
import { bearer } from '../support/accounts';
import { createTestApp, testLogger, TEST_ENCRYPTION_KEY } from '../support/app';
import { buildDeliveredGameServer, buildDeliveredVps, buildProduct } from '../support/builders';
import { buyer } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Issue 33, the VPS side of the panel: a customer reinstalls their VPS with a system of the product and one of
// their SSH keys, through the real `ovh` package against the OVH fake; a job follows the install.

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICA+9+l7CbHMAT592q/2vb3jhf4RSWGv6xxfiDxIEFI1 camille@laptop';
const OS_CHOICES = [
  { id: 'debian-12', name: 'Debian 12', family: 'linux' },
  { id: 'ubuntu-24-04', name: 'Ubuntu 24.04', family: 'linux' },
];

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
const app = () => createTestApp(db(), { config: { ovh: ovhConfig() } });
const follow = () =>
  createFollowReinstall({
    db: db(),
    clock: { now: () => new Date() },
    cloud: createOvhAdapter(ovhConfig()),
    jobs: createJobQueue(db(), testLogger()),
  });

/** Runs the follow-reinstall jobs queued now (start time ignored), as a worker would, once each. */
async function runFollowJobs(knex: Knex): Promise<number> {
  const rows = (await knex.raw("SELECT id, data FROM pgboss.job WHERE name = ? AND state = 'created' ORDER BY created_on, id", [
    FOLLOW_REINSTALL_QUEUE.name,
  ])) as { rows: { id: string; data: FollowReinstallJob }[] };
  for (const row of rows.rows) {
    await knex.raw('DELETE FROM pgboss.job WHERE id = ?', [row.id]);
    await follow()(row.data);
  }
  return rows.rows.length;
}

async function vpsOnOvh(vps: Record<string, unknown> = {}) {
  const machine = ovh.addMachine({ state: 'running', image: 'Debian 12' });
  const user = await buyer(db());
  const product = await buildProduct(db(), { name: 'VPS Linux Pro', service_kind: 'vps', os_choices: JSON.stringify(OS_CHOICES) });
  const built = await buildDeliveredVps(db(), user.id, { encryptionKey: TEST_ENCRYPTION_KEY, vps: { service_name: machine.name, ...vps } });
  await db()('services').where({ id: built.service.id }).update({ product_id: product.id, os: 'debian-12' });
  const key = await request(app())
    .post('/api/account/ssh-keys')
    .set('Authorization', bearer(user.id))
    .send({ name: 'Portable', publicKey: KEY })
    .expect(201);
  return { user, machine, service: built.service, vps: built.vps, keyId: key.body.sshKey.id as number };
}

const reinstall = (userId: number, serviceId: number, body: object) =>
  request(app()).post(`/api/services/${serviceId}/reinstall`).set('Authorization', bearer(userId)).send(body);
const rebuildsOf = (name: string) => ovh.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/vps/${name}/rebuild`));
const auditOf = (serviceId: number) =>
  db()('audit_log')
    .where({ entity_type: 'service', entity_id: String(serviceId) })
    .orderBy('id')
    .pluck('action');

describe('POST /api/services/{id}/reinstall', () => {
  it('rebuilds at OVH with the chosen system and the key, refuses a second one meanwhile, and follows it to the end', async () => {
    const { user, machine, service, vps, keyId } = await vpsOnOvh();
    const res = await reinstall(user.id, service.id, { os: 'ubuntu-24-04', sshKeyId: keyId }).expect(202);
    expect(res.body.service.reinstall).toMatchObject({
      state: 'installing',
      os: { id: 'ubuntu-24-04', name: 'Ubuntu 24.04' },
      sshKey: { name: 'Portable', fingerprint: 'SHA256:QfWCM0fu+V3JT9jsinBKezufm6gkkZ+9j7b9eO8Sfqs' },
      finishedAt: null,
    });
    const [rebuild] = rebuildsOf(machine.name);
    expect(rebuild!.signatureValid).toBe(true);
    expect(JSON.parse(rebuild!.body)).toEqual({
      imageId: '2b9c8d7e-3f4a-4b6c-9d0e-1f2a3b4c5d03',
      publicSshKey: KEY,
      doNotSendPassword: true,
    });

    const again = await reinstall(user.id, service.id, { os: 'debian-12', sshKeyId: keyId }).expect(409);
    expect(again.body.error).toBe('reinstall_running');
    expect(rebuildsOf(machine.name)).toHaveLength(1);

    // OVH is installing: the job looks, finds it running, and comes back later.
    ovh.beginTasks(machine.name);
    expect(await runFollowJobs(db())).toBe(1);
    const meanwhile = await request(app()).get(`/api/services/${service.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(meanwhile.body.service.reinstall.state).toBe('installing');

    ovh.settle(machine.name);
    expect(await runFollowJobs(db())).toBe(1);
    const done = await request(app()).get(`/api/services/${service.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(done.body.service.reinstall).toMatchObject({ state: 'done', os: { id: 'ubuntu-24-04' } });
    expect(done.body.service.reinstall.finishedAt).not.toBeNull();
    expect(done.body.service.os).toEqual({ id: 'ubuntu-24-04', name: 'Ubuntu 24.04' });
    expect(await db()('vps').where({ id: vps.id }).first('os')).toEqual({ os: 'Ubuntu 24.04' });
    expect(ovh.machines.get(machine.name)!.rootSshKey).toBe(KEY);
    expect(await auditOf(service.id)).toEqual(['service.reinstall_started', 'service.reinstalled']);
    expect(await runFollowJobs(db())).toBe(0);
  });

  it('a failed install is said so, and the system stays the one chosen before', async () => {
    const { user, machine, service, keyId } = await vpsOnOvh();
    await reinstall(user.id, service.id, { os: 'ubuntu-24-04', sshKeyId: keyId }).expect(202);
    ovh.failTasks(machine.name);
    await runFollowJobs(db());
    const res = await request(app()).get(`/api/services/${service.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(res.body.service.reinstall.state).toBe('failed');
    expect(res.body.service.os.id).toBe('debian-12');
    expect(await auditOf(service.id)).toEqual(['service.reinstall_started', 'service.reinstall_failed']);
    // Failed, it may be asked again.
    await reinstall(user.id, service.id, { os: 'debian-12', sshKeyId: keyId }).expect(202);
  });

  it('OVH down: 502, nothing marked, the customer can try again', async () => {
    const { user, machine, service, keyId } = await vpsOnOvh();
    ovh.down(true);
    try {
      const res = await reinstall(user.id, service.id, { os: 'ubuntu-24-04', sshKeyId: keyId }).expect(502);
      expect(res.body.error).toBe('cloud_unavailable');
    } finally {
      ovh.down(false);
    }
    const after = await request(app()).get(`/api/services/${service.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(after.body.service.reinstall).toBeNull();
    expect(rebuildsOf(machine.name)).toHaveLength(0);
    await reinstall(user.id, service.id, { os: 'ubuntu-24-04', sshKeyId: keyId }).expect(202);
  });

  it('refuses another customer’s server, a system or key not offered, a suspended, ended or game server; OVH is never asked', async () => {
    const { user, machine, service, keyId } = await vpsOnOvh();
    const stranger = await buyer(db());
    await reinstall(stranger.id, service.id, { os: 'ubuntu-24-04', sshKeyId: keyId }).expect(404);
    const badOs = await reinstall(user.id, service.id, { os: 'windows-server-2022', sshKeyId: keyId }).expect(400);
    expect(badOs.body.fields.os).toEqual(['services.reinstall.erroros']);
    const strangersKey = await request(app())
      .post('/api/account/ssh-keys')
      .set('Authorization', bearer(stranger.id))
      .send({ name: 'Autre', publicKey: KEY })
      .expect(201);
    const badKey = await reinstall(user.id, service.id, { os: 'ubuntu-24-04', sshKeyId: strangersKey.body.sshKey.id }).expect(400);
    expect(badKey.body.fields.sshKeyId).toEqual(['services.reinstall.errorkey']);
    const noKey = await reinstall(user.id, service.id, { os: 'ubuntu-24-04' }).expect(400);
    expect(noKey.body.fields.sshKeyId).toEqual(['services.reinstall.errorkey']);

    await db()('services').where({ id: service.id }).update({ status: 'suspended' });
    expect((await reinstall(user.id, service.id, { os: 'ubuntu-24-04', sshKeyId: keyId }).expect(409)).body.error).toBe(
      'service_suspended',
    );
    await db()('services').where({ id: service.id }).update({ status: 'terminated' });
    expect((await reinstall(user.id, service.id, { os: 'ubuntu-24-04', sshKeyId: keyId }).expect(409)).body.error).toBe(
      'service_terminated',
    );

    const game = await buildDeliveredGameServer(db(), user.id, { panelServerId: 9001 });
    expect((await reinstall(user.id, game.service.id, { os: 'ubuntu-24-04', sshKeyId: keyId }).expect(409)).body.error).toBe(
      'reinstall_not_offered',
    );
    expect(rebuildsOf(machine.name)).toHaveLength(0);
  });
});

describe('GET /api/services/{id}/events', () => {
  it('tells the service’s history newest first, who did what by role only, and hides what is internal', async () => {
    const { user, machine, service, keyId } = await vpsOnOvh();
    await reinstall(user.id, service.id, { os: 'ubuntu-24-04', sshKeyId: keyId }).expect(202);
    ovh.settle(machine.name);
    await runFollowJobs(db());
    await request(app())
      .post(`/api/services/${service.id}/cancel`)
      .set('Authorization', bearer(user.id))
      .send({ when: 'end_of_term' })
      .expect(200);
    // What staff or the system wrote that is not the customer's to read stays out.
    await db()('audit_log').insert({
      actor_id: null,
      action: 'service.provider_action_owed',
      entity_type: 'service',
      entity_id: String(service.id),
    });

    const res = await request(app()).get(`/api/services/${service.id}/events`).set('Authorization', bearer(user.id)).expect(200);
    expect(
      res.body.events.map((e: { action: string; by: string; os: { name: string } | null }) => [e.action, e.by, e.os?.name ?? null]),
    ).toEqual([
      ['service.end_scheduled', 'you', null],
      ['service.reinstalled', 'system', 'Ubuntu 24.04'],
      ['service.reinstall_started', 'you', 'Ubuntu 24.04'],
    ]);
    expect(JSON.stringify(res.body)).not.toContain('ip');

    const stranger = await buyer(db());
    await request(app()).get(`/api/services/${service.id}/events`).set('Authorization', bearer(stranger.id)).expect(404);
  });
});

describe('PUT /api/services/{id}/reverse-dns', () => {
  const setReverse = (userId: number, serviceId: number, body: object) =>
    request(app()).put(`/api/services/${serviceId}/reverse-dns`).set('Authorization', bearer(userId)).send(body);

  it('sets the name at OVH once it resolves to the address, keeps it, and shows it in the history', async () => {
    const { user, machine, service } = await vpsOnOvh({ ip: '51.75.10.20' });
    machine.ips = ['51.75.10.20'];
    const refused = await setReverse(user.id, service.id, { ip: '51.75.10.20', reverse: 'mail.exemple.be' }).expect(422);
    expect(refused.body).toMatchObject({ error: 'reverse_not_resolving', fields: { reverse: ['services.rdns.notresolving'] } });
    expect(ovh.reverses.has('51.75.10.20')).toBe(false);

    ovh.resolves('mail.exemple.be', '51.75.10.20');
    const res = await setReverse(user.id, service.id, { ip: '51.75.10.20', reverse: ' Mail.Exemple.BE. ' }).expect(200);
    expect(res.body.service.reverseDns).toBe('mail.exemple.be');
    expect(ovh.reverses.get('51.75.10.20')).toBe('mail.exemple.be.');
    const [post] = ovh.requests.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/ip/51.75.10.20/reverse') && r.body.includes('"mail.exemple.be."'),
    );
    expect(post!.signatureValid).toBe(true);
    const events = await request(app()).get(`/api/services/${service.id}/events`).set('Authorization', bearer(user.id)).expect(200);
    expect(events.body.events[0]).toMatchObject({ action: 'service.reverse_dns_set', by: 'you', reverse: 'mail.exemple.be' });
  });

  it('refuses a malformed name, another address, another customer’s or a suspended server, and a game server', async () => {
    const { user, service } = await vpsOnOvh({ ip: '51.75.10.21' });
    for (const reverse of ['mail', '-bad.exemple.be', 'a..b.be', 'x'.repeat(64) + '.be', 'mail.exemple.be/']) {
      const res = await setReverse(user.id, service.id, { ip: '51.75.10.21', reverse }).expect(400);
      expect(res.body.fields.reverse).toEqual(['services.rdns.errorname']);
    }
    const other = await setReverse(user.id, service.id, { ip: '51.75.10.99', reverse: 'mail.exemple.be' }).expect(400);
    expect(other.body.fields.ip).toEqual(['services.rdns.errorip']);
    const stranger = await buyer(db());
    await setReverse(stranger.id, service.id, { ip: '51.75.10.21', reverse: 'mail.exemple.be' }).expect(404);
    await db()('services').where({ id: service.id }).update({ status: 'suspended' });
    expect((await setReverse(user.id, service.id, { ip: '51.75.10.21', reverse: 'mail.exemple.be' }).expect(409)).body.error).toBe(
      'service_suspended',
    );
    const game = await buildDeliveredGameServer(db(), user.id, { panelServerId: 9002 });
    expect((await setReverse(user.id, game.service.id, { ip: '198.51.100.7', reverse: 'mail.exemple.be' }).expect(409)).body.error).toBe(
      'reverse_dns_not_offered',
    );
  });
});
