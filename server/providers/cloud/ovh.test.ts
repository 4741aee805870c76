// The module object, not named imports: nock patches its properties, which named ESM bindings do not follow.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OVH_FAKE_IMAGES, OVH_VPS_STATES, startOvhFake, type OvhFake, type OvhVpsState } from '../../../test/fakes/ovh';
import { createOvhAdapter } from './ovh';
import { CloudImageUnavailable, CloudProviderError, CloudVpsNotFound, type CloudAdapter } from './types';

// The real `ovh` package against the nock fake: signed calls, the state mapping, errors.

let fake: OvhFake;
let adapter: CloudAdapter;

const keysOf = ({ endpoint, appKey, appSecret, consumerKey }: OvhFake) => ({
  endpoint,
  appKey,
  appSecret,
  consumerKey,
});
const keys = () => keysOf(fake);

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to throw');
}

/** No key of the fake's (nor the wrong ones a test used) in an error's message. */
function expectNoKeys(err: Error, ...extra: string[]) {
  for (const secret of [fake.appSecret, fake.consumerKey, ...extra]) expect(err.message).not.toContain(secret);
}

beforeAll(() => {
  fake = startOvhFake();
  adapter = createOvhAdapter(keys());
});
afterAll(() => fake.stop());
beforeEach(() => fake.down(false));

describe('OVH adapter: reading', () => {
  it('lists the service names, asking OVH its time first and signing the call', async () => {
    const fresh = startOvhFake();
    try {
      const a = fresh.addMachine();
      const b = fresh.addMachine();
      const names = await createOvhAdapter(keysOf(fresh)).listServices();
      expect(names).toEqual([a.name, b.name]);
      expect(fresh.requests.map((r) => [r.method, r.path, r.signatureValid])).toEqual([
        ['GET', '/1.0/auth/time', null],
        ['GET', '/1.0/vps', true],
      ]);
      const signed = fresh.requests[1]!;
      expect(signed.headers['x-ovh-application']).toBe(fresh.appKey);
      expect(signed.headers['x-ovh-consumer']).toBe(fresh.consumerKey);
      // The formula, computed here on its own, so the fake's check is checked too.
      const host = new URL(fresh.endpoint).hostname;
      const stamp = String(signed.headers['x-ovh-timestamp']);
      const expected = createHash('sha1')
        .update([fresh.appSecret, fresh.consumerKey, 'GET', `https://${host}/1.0/vps`, '', stamp].join('+'))
        .digest('hex');
      expect(signed.headers['x-ovh-signature']).toBe(`$1$${expected}`);
    } finally {
      fresh.stop();
    }
  });

  it('gives a machine its state, zone, model and addresses', async () => {
    const vps = fake.addMachine({
      state: 'stopped',
      zone: 'Region OpenStack: os-sbg5',
      model: { name: 'vps-essential-2-4-80', offer: 'VPS Essential', memory: 4096, vcore: 2, disk: 80, version: '2' },
      ips: ['51.178.10.20', '2001:41d0:801:2000::4c1'],
    });

    expect(await adapter.getVps(vps.name)).toEqual({
      serviceName: vps.name,
      status: 'stopped',
      zone: 'Region OpenStack: os-sbg5',
      model: { name: 'vps-essential-2-4-80', memoryMb: 4096, vcore: 2, diskGb: 80 },
      ips: ['51.178.10.20', '2001:41d0:801:2000::4c1'],
    });
    const calls = fake.requests.filter((r) => r.path.startsWith(`/1.0/vps/${vps.name}`));
    // Stopped: OVH has no `starting`, so its open start tasks are asked for too (signed, query included).
    expect(calls.map((r) => [r.method, r.path, r.signatureValid]).sort()).toEqual([
      ['GET', `/1.0/vps/${vps.name}`, true],
      ['GET', `/1.0/vps/${vps.name}/ips`, true],
      ['GET', `/1.0/vps/${vps.name}/tasks?type=startVm&state=doing`, true],
      ['GET', `/1.0/vps/${vps.name}/tasks?type=startVm&state=todo`, true],
    ]);
  });

  it('maps every OVH state to a power status', async () => {
    const vps = fake.addMachine();
    const expected: Record<OvhVpsState, string> = {
      running: 'running',
      stopped: 'stopped',
      rebooting: 'rebooting',
      stopping: 'stopping',
      installing: 'unknown',
      backuping: 'unknown',
      maintenance: 'unknown',
      rescued: 'unknown',
      upgrading: 'unknown',
    };
    const got: Record<string, string> = {};
    for (const state of Object.keys(expected) as OvhVpsState[]) {
      vps.state = state;
      got[state] = (await adapter.getVps(vps.name)).status;
    }
    expect(got).toEqual(expected);
  });

  it('keeps the service name one encoded path segment', async () => {
    const vps = fake.addMachine({ name: 'odd name/../me' });
    expect((await adapter.getVps(vps.name)).serviceName).toBe('odd name/../me');
    expect(fake.requests.at(-1)?.path).toMatch(/^\/1\.0\/vps\/odd%20name%2F\.\.%2Fme(\/ips)?$/);
    expect(fake.requests.at(-1)?.signatureValid).toBe(true);
  });

  it('asks OVH to terminate a service with a signed POST', async () => {
    const vps = fake.addMachine();
    await adapter.terminate(vps.name);
    expect(fake.machines.get(vps.name)?.terminationRequested).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/1.0/vps/${vps.name}/terminate`, signatureValid: true });
  });

  it("gives a page's power states in one answer, leaving out a machine OVH does not know", async () => {
    const running = fake.addMachine();
    const stopped = fake.addMachine();
    fake.machines.get(stopped.name)!.state = 'stopped';
    const statuses = await adapter.powerStatuses([running.name, 'vps-unknown.vps.ovh.net', stopped.name]);
    expect([...statuses]).toEqual([
      [running.name, 'running'],
      [stopped.name, 'stopped'],
    ]);
  });

  it('gives CloudVpsNotFound for a machine OVH does not know, reading or acting', async () => {
    const read = await caught(adapter.getVps('vps-unknown.vps.ovh.net'));
    expect(read).toBeInstanceOf(CloudVpsNotFound);
    expect((read as CloudVpsNotFound).serviceName).toBe('vps-unknown.vps.ovh.net');
    await expect(adapter.act('vps-unknown.vps.ovh.net', 'reboot')).rejects.toBeInstanceOf(CloudVpsNotFound);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/1.0/vps/vps-unknown.vps.ovh.net/reboot' });
  });
});

describe('OVH adapter: power actions', () => {
  // OVH answers a vps.Task and moves the machine when the task runs: queued (todo), running (doing), done.
  const cases = [
    { action: 'stop', from: 'running', queued: 'running', during: 'stopping', settled: 'stopped', task: 'stopVm' },
    { action: 'start', from: 'stopped', queued: 'starting', during: 'starting', settled: 'running', task: 'startVm' },
    { action: 'reboot', from: 'running', queued: 'running', during: 'rebooting', settled: 'running', task: 'rebootVm' },
  ] as const;

  for (const { action, from, queued, during, settled, task } of cases) {
    it(`${action}: a signed POST answers a task; the machine shows ${queued}, ${during} while it runs, then ${settled}`, async () => {
      const vps = fake.addMachine({ state: from });
      const tasksBefore = fake.tasks.length;

      await adapter.act(vps.name, action);

      const call = fake.requests.at(-1)!;
      const path = `/1.0/vps/${vps.name}/${action}`;
      expect(call).toMatchObject({ method: 'POST', path, body: '', signatureValid: true });
      expect(call.headers['x-ovh-consumer']).toBe(fake.consumerKey);
      expect(fake.tasks.slice(tasksBefore)).toEqual([expect.objectContaining({ serviceName: vps.name, type: task, state: 'todo' })]);
      expect(fake.machines.get(vps.name)!.state).toBe(from); // nothing moved on the call
      expect((await adapter.getVps(vps.name)).status).toBe(queued);
      fake.beginTasks(vps.name);
      expect((await adapter.getVps(vps.name)).status).toBe(during);
      fake.settle(vps.name);
      expect((await adapter.getVps(vps.name)).status).toBe(settled);
      expect(fake.tasks.at(-1)).toMatchObject({ state: 'done', progress: 100 });
    });
  }
});

describe('OVH adapter: rebuild', () => {
  const ubuntu = OVH_FAKE_IMAGES.find((image) => image.name === 'Ubuntu 24.04')!;
  const rebuildCalls = (name: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === `/1.0/vps/${name}/rebuild`);

  it('installs a system named as the shop names it: a signed POST with its image id, then installing until OVH is done', async () => {
    const vps = fake.addMachine({ image: 'Debian 12' });
    expect(await adapter.installState(vps.name)).toBe('ready');

    await adapter.rebuild(vps.name, 'Ubuntu 24.04');

    expect(rebuildCalls(vps.name).map((r) => [JSON.parse(r.body) as unknown, r.signatureValid])).toEqual([[{ imageId: ubuntu.id }, true]]);
    expect(fake.tasks.at(-1)).toMatchObject({ serviceName: vps.name, type: 'reinstallVm', state: 'todo' });
    expect(await adapter.installState(vps.name)).toBe('installing');
    fake.beginTasks(vps.name);
    expect(vps.state).toBe('installing');
    expect(await adapter.installState(vps.name)).toBe('installing');
    expect((await adapter.getVps(vps.name)).status).toBe('unknown');
    fake.settle(vps.name);
    expect(await adapter.installState(vps.name)).toBe('ready');
    expect((await adapter.getVps(vps.name)).status).toBe('running');
    expect(vps.image).toBe('Ubuntu 24.04');
  });

  it("takes the shop's system id (ubuntu-24-04) or OVH's own image id alike", async () => {
    const byShopId = fake.addMachine();
    const byImageId = fake.addMachine();
    await adapter.rebuild(byShopId.name, 'ubuntu-24-04');
    await adapter.rebuild(byImageId.name, ubuntu.id);
    for (const vps of [byShopId, byImageId]) expect(JSON.parse(rebuildCalls(vps.name)[0]!.body)).toEqual({ imageId: ubuntu.id });
  });

  it('a system the machine cannot install: CloudImageUnavailable naming what it can, and nothing asked of OVH', async () => {
    const vps = fake.addMachine({ images: OVH_FAKE_IMAGES.filter((image) => image.name.startsWith('Debian')) });
    const err = await caught(adapter.rebuild(vps.name, 'Ubuntu 24.04'));
    expect(err).toBeInstanceOf(CloudImageUnavailable);
    expect(err).toMatchObject({ serviceName: vps.name, image: 'Ubuntu 24.04', available: ['Debian 12'] });
    expect(rebuildCalls(vps.name)).toEqual([]);
    expect(fake.tasks.filter((t) => t.serviceName === vps.name)).toEqual([]);
  });

  it('an install OVH ends in error: failed, and a new rebuild installs again', async () => {
    const vps = fake.addMachine();
    await adapter.rebuild(vps.name, 'Debian 12');
    fake.beginTasks(vps.name);
    fake.failTasks(vps.name);
    expect(await adapter.installState(vps.name)).toBe('failed');
    expect((await adapter.getVps(vps.name)).status).toBe('stopped');

    await adapter.rebuild(vps.name, 'Debian 12');
    expect(await adapter.installState(vps.name)).toBe('installing');
    fake.settle(vps.name);
    expect(await adapter.installState(vps.name)).toBe('ready');
  });

  it('a machine installing with no task left at OVH reads installing from its state', async () => {
    const vps = fake.addMachine({ state: 'installing' });
    expect(await adapter.installState(vps.name)).toBe('installing');
  });

  it('an unknown machine: CloudVpsNotFound for a rebuild and for its install state', async () => {
    await expect(adapter.rebuild('vps-unknown.vps.ovh.net', 'Debian 12')).rejects.toBeInstanceOf(CloudVpsNotFound);
    await expect(adapter.installState('vps-unknown.vps.ovh.net')).rejects.toBeInstanceOf(CloudVpsNotFound);
  });
});

describe("OVH fake against OVH's own schema (ovh-vps.json)", () => {
  const schemaFile = join(process.env.PROVIDER_SPECS_DIR ?? join(process.cwd(), '..', 'shared', 'providers'), 'ovh-vps.json');
  const schemas = existsSync(schemaFile)
    ? (
        JSON.parse(readFileSync(schemaFile, 'utf8')) as {
          components: { schemas: Record<string, { enum?: string[]; properties?: object }> };
        }
      ).components.schemas
    : null;

  it.skipIf(!schemas)('knows exactly the VPS states OVH has (no starting), and answers tasks shaped as vps.Task', async () => {
    expect([...OVH_VPS_STATES].sort()).toEqual([...schemas!['vps.VpsStateEnum']!.enum!].sort());
    const vps = fake.addMachine({ state: 'stopped' });
    await adapter.act(vps.name, 'start');
    const { serviceName: _machine, ...task } = fake.tasks.at(-1)!;
    expect(Object.keys(task).sort()).toEqual(Object.keys(schemas!['vps.Task']!.properties!).sort());
    expect(schemas!['vps.TaskStateEnum']!.enum).toContain(task.state);
    expect(schemas!['vps.TaskTypeEnum']!.enum).toContain(task.type);
  });

  it.skipIf(!schemas)('rebuilds with a vps.rebuild.post body and answers a vps.Task of a type and states the schema knows', async () => {
    const vps = fake.addMachine();
    await adapter.rebuild(vps.name, 'Ubuntu 22.04');
    const rebuild = schemas!['vps.rebuild.post'] as { properties: object; required: string[] };
    const sent = JSON.parse(fake.requests.at(-1)!.body) as object;
    expect(Object.keys(rebuild.properties)).toEqual(expect.arrayContaining(Object.keys(sent)));
    expect(Object.keys(sent)).toEqual(expect.arrayContaining(rebuild.required));
    const { serviceName: _machine, ...task } = fake.tasks.at(-1)!;
    expect(Object.keys(task).sort()).toEqual(Object.keys(schemas!['vps.Task']!.properties!).sort());
    expect(schemas!['vps.TaskTypeEnum']!.enum).toContain(task.type);
    fake.failTasks(vps.name);
    expect(schemas!['vps.TaskStateEnum']!.enum).toContain(fake.tasks.at(-1)!.state);
  });
});

describe('OVH adapter: keys and outages', () => {
  it('a wrong application secret: OVH refuses the signature, the error names neither secret', async () => {
    const wrongSecret = 'w'.repeat(32);
    const wrong = createOvhAdapter({ ...keys(), appSecret: wrongSecret });
    const err = await caught(wrong.listServices());
    expect(err).toBeInstanceOf(CloudProviderError);
    expect(err.message).toBe('GET /vps: OVH refused the API keys (400: Invalid signature)');
    expect(fake.requests.at(-1)).toMatchObject({ path: '/1.0/vps', signatureValid: false });
    expectNoKeys(err, wrongSecret);
  });

  it('a wrong consumer key: 403, a CloudProviderError without the keys', async () => {
    const wrongConsumer = 'c'.repeat(32);
    const wrong = createOvhAdapter({ ...keys(), consumerKey: wrongConsumer });
    const vps = fake.addMachine();
    const err = await caught(wrong.act(vps.name, 'stop'));
    expect(err).toBeInstanceOf(CloudProviderError);
    expect(err.message).toContain('OVH refused the API keys (403');
    expectNoKeys(err, wrongConsumer);
    expect(vps.state).toBe('running'); // nothing happened
  });

  it('a wrong application key: 403 as well', async () => {
    const wrong = createOvhAdapter({ ...keys(), appKey: 'not-our-application' });
    const err = await caught(wrong.getVps(fake.addMachine().name));
    expect(err).toBeInstanceOf(CloudProviderError);
    expect(err.message).toContain('OVH refused the API keys (403: This application key is invalid)');
    expectNoKeys(err);
  });

  it('OVH answering 503: a CloudProviderError, for the first call (time) and a later one', async () => {
    const vps = fake.addMachine();
    await adapter.getVps(vps.name); // this adapter knows OVH's time already
    fake.down(true);
    const later = await caught(adapter.act(vps.name, 'reboot'));
    expect(later).toBeInstanceOf(CloudProviderError);
    expect(later.message).toContain('OVH answered (503');
    expect(vps.state).toBe('running');

    const first = await caught(createOvhAdapter(keys()).listServices());
    expect(first).toBeInstanceOf(CloudProviderError);
    expect(first.message).toBe('GET /vps: OVH could not be reached (Unable to fetch OVH API time)');
    expectNoKeys(later);
    expectNoKeys(first);
  });

  it('the connection dropping: a CloudProviderError', async () => {
    const vps = fake.addMachine();
    fake.down(true, 'network');
    const err = await caught(adapter.getVps(vps.name));
    expect(err).toBeInstanceOf(CloudProviderError);
    expect(err.message).toMatch(/OVH could not be reached \(ECONNRESET\)$/);
  });

  it('OVH not answering: a CloudProviderError once the timeout passes', async () => {
    const quick = createOvhAdapter({ ...keys(), timeoutMs: 300 });
    const names = await quick.listServices(); // time fetched while OVH answered
    expect(names.length).toBeGreaterThan(0);
    fake.down(true, 'hang');
    const started = Date.now();
    const err = await caught(quick.listServices());
    expect(err).toBeInstanceOf(CloudProviderError);
    expect(err.message).toBe('GET /vps: OVH did not answer within 300 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('OVH adapter: endpoints', () => {
  it('a known endpoint name reaches that OVH host', async () => {
    const scope = nock('https://ca.api.ovh.com')
      .get('/1.0/auth/time')
      .reply(200, String(Math.round(Date.now() / 1000)))
      .get('/1.0/vps')
      .reply(200, ['vps-ca.vps.ovh.ca']);
    const canada = createOvhAdapter({ ...keys(), endpoint: 'ovh-ca' });
    expect(await canada.listServices()).toEqual(['vps-ca.vps.ovh.ca']);
    expect(scope.isDone()).toBe(true);
  });

  it('refuses an unknown endpoint name or a plain-HTTP URL when created', () => {
    expect(() => createOvhAdapter({ ...keys(), endpoint: 'ovh-mars' })).toThrow(/ovh-mars/);
    expect(() => createOvhAdapter({ ...keys(), endpoint: 'http://127.0.0.1:8080/1.0' })).toThrow(/HTTPS/);
  });
});

describe('OVH fake and other HTTP traffic', () => {
  it('lets requests to local servers through while it intercepts OVH', async () => {
    const server = http.createServer((_req, res) => res.end('local ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('local ok');
    } finally {
      server.close();
    }
  });

  it('refuses requests to the internet while it runs', async () => {
    const err = await caught(fetch('https://eu.api.ovh.com/1.0/auth/time'));
    expect(String(err.cause ?? err)).toMatch(/Disallowed net connect/);
  });

  it('removes its interceptors on stop()', () => {
    const other = startOvhFake();
    const host = new URL(other.endpoint).hostname;
    const mocks = () => nock.activeMocks().filter((m) => m.includes(host));
    expect(mocks().length).toBe(4); // /auth/time, signed GET, signed POST, signed DELETE
    other.stop();
    expect(mocks()).toEqual([]);
  });

  it('keeps refusing the internet while another OVH fake still runs, and allows it after the last stop()', async () => {
    const other = startOvhFake();
    other.stop();
    // `.invalid` never resolves: refused by nock, or let through to a DNS failure, without any network.
    const stillRefused = await caught(fetch('https://api.ovh.invalid/1.0/auth/time'));
    expect(String(stillRefused.cause ?? stillRefused)).toMatch(/Disallowed net connect/);
    fake.stop();
    const allowed = await caught(fetch('https://api.ovh.invalid/1.0/auth/time'));
    expect(String(allowed.cause ?? allowed)).toMatch(/ENOTFOUND|EAI_AGAIN/);
    fake = startOvhFake();
    adapter = createOvhAdapter(keys());
  });
});
