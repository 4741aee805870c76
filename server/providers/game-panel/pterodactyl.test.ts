import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPterodactylFake, type PterodactylFake } from '../../../test/fakes/pterodactyl';
import { createMovableClock } from '../../clock/clock';
import { createPterodactylAdapter } from './pterodactyl';
import { GamePanelNotFound, GamePanelRefused, GamePanelUnavailable, type GamePanelAdapter, type GameServerSpec } from './types';

// The real adapter against the fake panel: users found or made, servers made once per external id,
// the install on a clock the test moves, the panel's refusals kept field by field, outages.

const clock = createMovableClock(new Date('2026-11-29T10:00:00.000Z'));
let fake: PterodactylFake;
let panel: GamePanelAdapter;
let serial = 0;

beforeAll(async () => {
  fake = await startPterodactylFake({ clock, installMs: 30_000 });
  panel = createPterodactylAdapter({ url: fake.url, applicationKey: fake.applicationKey });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.down(false);
  fake.latency(0);
});

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to throw');
}

/** A Paper server of 4 GB in Gravelines (location 1) for a new customer. */
async function paperSpec(overrides: Partial<GameServerSpec> = {}): Promise<GameServerSpec> {
  serial += 1;
  const user = await panel.findOrCreateUser({
    externalId: `u-${serial}`,
    email: `player${serial}@example.com`,
    username: `player${serial}`,
    firstName: 'Jeanne',
    lastName: 'Dupont',
  });
  return {
    externalId: `svc-${serial}`,
    name: `Minecraft Survie 4 Go #${serial}`,
    userId: user.id,
    egg: 1,
    dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
    startup: 'java -Xms128M -XX:MaxRAMPercentage=95.0 -jar {{SERVER_JARFILE}}',
    environment: { MINECRAFT_VERSION: '1.21.4', SERVER_JARFILE: 'server.jar', DL_PATH: '', BUILD_NUMBER: 'latest' },
    limits: { memory: 4096, swap: 0, disk: 20480, io: 500, cpu: 200 },
    featureLimits: { databases: 1, allocations: 1, backups: 2 },
    deploy: { locations: [1], portRange: ['25565-25664'] },
    ...overrides,
  };
}

const lastRequest = () => fake.requests.at(-1)!;

describe('Pterodactyl adapter: users', () => {
  it('creates the customer with our id as external_id, then finds them by it without creating again', async () => {
    const input = {
      externalId: 'user-41',
      email: 'Jeanne.Martin@example.com',
      username: 'Jeanne Martin',
      firstName: 'Jeanne',
      lastName: 'Martin',
    };
    const first = await panel.findOrCreateUser(input);
    const posted = fake.requests.filter((r) => r.method === 'POST' && r.path === '/api/application/users');
    expect(posted.map((r) => r.body)).toEqual([
      { external_id: 'user-41', email: 'Jeanne.Martin@example.com', username: 'jeannemartin', first_name: 'Jeanne', last_name: 'Martin' },
    ]);
    expect(fake.users.get(first.id)).toMatchObject({ externalId: 'user-41', username: 'jeannemartin' });

    const before = fake.requests.length;
    expect(await panel.findOrCreateUser(input)).toEqual(first);
    expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/application/users/external/user-41']);
  });

  it('takes the panel account with the same e-mail (any case) when none has our id, not one that merely contains it', async () => {
    fake.addUser({ email: 'xmarc@example.com', username: 'xmarc' });
    const own = fake.addUser({ email: 'marc@example.com', username: 'marc' });
    const found = await panel.findOrCreateUser({
      externalId: 'user-42',
      email: 'MARC@example.com',
      username: 'marc',
      firstName: 'Marc',
      lastName: 'L',
    });
    expect(found).toEqual({ id: own.id });
    const lookup = fake.requests.findLast((r) => r.path === '/api/application/users' && r.method === 'GET')!;
    expect(lookup.query['filter[email]']).toBe('MARC@example.com');
  });

  it('makes the username unique with our id when another panel account holds it', async () => {
    fake.addUser({ email: 'someone@else.example', username: 'lucas' });
    const made = await panel.findOrCreateUser({
      externalId: '77',
      email: 'lucas@example.com',
      username: 'lucas',
      firstName: 'Lucas',
      lastName: 'P',
    });
    expect(fake.users.get(made.id)).toMatchObject({ username: 'lucas.77', externalId: '77', email: 'lucas@example.com' });
  });

  it('sends the key as a Bearer token and asks for JSON on every call', () => {
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${fake.applicationKey}`);
      expect(request.headers.accept).toBe('application/json');
    }
  });
});

describe('Pterodactyl adapter: servers', () => {
  it('creates the server with the egg, environment, limits and deploy target, and answers it installing with its address', async () => {
    const spec = await paperSpec();
    const state = await panel.createServer(spec);

    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/api/application/servers', status: 201 });
    expect(lastRequest().body).toEqual({
      external_id: spec.externalId,
      name: spec.name,
      user: spec.userId,
      egg: 1,
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: spec.startup,
      environment: spec.environment,
      limits: { memory: 4096, swap: 0, disk: 20480, io: 500, cpu: 200 },
      feature_limits: { databases: 1, allocations: 1, backups: 2 },
      deploy: { locations: [1], dedicated_ip: false, port_range: ['25565-25664'] },
      start_on_completion: true,
    });
    expect(state).toEqual({
      id: expect.any(Number),
      identifier: fake.servers.get(state.id)!.uuid.slice(0, 8),
      externalId: spec.externalId,
      status: 'installing',
      suspended: false,
      allocation: { host: 'gra1.play.example', port: expect.any(Number) },
    });
    expect(state.allocation!.port).toBeGreaterThanOrEqual(25565);
    expect(fake.servers.get(state.id)!.environment).toMatchObject({ SERVER_JARFILE: 'server.jar', MINECRAFT_VERSION: '1.21.4' });
  });

  it('finds the server by our id before creating: a retry makes no second server, and the panel refuses a second create', async () => {
    const spec = await paperSpec();
    expect(await panel.findServerByExternalId(spec.externalId)).toBeNull();
    const made = await panel.createServer(spec);

    const again = await panel.findServerByExternalId(spec.externalId);
    expect(again).toEqual(made);
    expect(lastRequest()).toMatchObject({
      path: `/api/application/servers/external/${spec.externalId}`,
      query: { include: 'allocations' },
    });

    const count = fake.servers.size;
    const refused = await caught(panel.createServer(spec));
    expect(refused).toBeInstanceOf(GamePanelRefused);
    expect((refused as GamePanelRefused).status).toBe(422);
    expect((refused as GamePanelRefused).errors).toEqual([
      {
        code: 'ValidationException',
        status: '422',
        detail: 'The external id has already been taken.',
        field: 'external_id',
        rule: 'unique',
      },
    ]);
    expect(fake.servers.size).toBe(count);
  });

  it('a worker that died after its create: the call fails as unavailable, and the lookup finds the one server made', async () => {
    const spec = await paperSpec();
    fake.crashAfterNextCreate();
    const err = await caught(panel.createServer(spec));
    expect(err).toBeInstanceOf(GamePanelUnavailable);

    const found = await panel.findServerByExternalId(spec.externalId);
    expect(found).toMatchObject({ externalId: spec.externalId, status: 'installing' });
    expect([...fake.servers.values()].filter((s) => s.externalId === spec.externalId)).toHaveLength(1);
  });

  it('keeps each of the panel’s validation errors with its field and rule (egg variables and limits)', async () => {
    const spec = await paperSpec({
      environment: { MINECRAFT_VERSION: '1.21.4', SERVER_JARFILE: 'server.zip' },
      limits: { memory: 4096, swap: 0, disk: 20480, io: 5, cpu: 200 },
    });
    const limits = (await caught(panel.createServer(spec))) as GamePanelRefused;
    expect(limits).toBeInstanceOf(GamePanelRefused);
    expect(limits.errors).toEqual([
      {
        code: 'ValidationException',
        status: '422',
        detail: 'The limits.io must be between 10 and 1000.',
        field: 'limits.io',
        rule: 'between',
      },
    ]);

    const variables = (await caught(panel.createServer({ ...spec, limits: { ...spec.limits, io: 500 } }))) as GamePanelRefused;
    expect(variables.status).toBe(422);
    expect(variables.errors).toEqual([
      {
        code: 'ValidationException',
        status: '422',
        detail: 'The Server Jar File variable format is invalid.',
        field: 'environment.SERVER_JARFILE',
        rule: 'regex',
      },
      {
        code: 'ValidationException',
        status: '422',
        detail: 'The Build Number variable field is required.',
        field: 'environment.BUILD_NUMBER',
        rule: 'required',
      },
    ]);
    expect(variables.message).toBe(
      'panel refused (422): The Server Jar File variable format is invalid.; The Build Number variable field is required.',
    );
    expect(await panel.findServerByExternalId(spec.externalId)).toBeNull();
  });

  it('an unknown egg is refused on its field; a location without nodes answers 400, refused as well', async () => {
    const unknownEgg = (await caught(panel.createServer(await paperSpec({ egg: 99 })))) as GamePanelRefused;
    expect(unknownEgg.errors).toEqual([
      { code: 'ValidationException', status: '422', detail: 'The selected egg is invalid.', field: 'egg', rule: 'exists' },
    ]);

    const nowhere = (await caught(panel.createServer(await paperSpec({ deploy: { locations: [42] } })))) as GamePanelRefused;
    expect(nowhere).toBeInstanceOf(GamePanelRefused);
    expect(nowhere.status).toBe(400);
    expect(nowhere.errors).toEqual([
      {
        code: 'NoViableNodeException',
        status: '400',
        detail: 'No nodes satisfying the requirements specified for automatic deployment could be found.',
      },
    ]);
  });

  it('refuses a deploy target of the other flavour before calling (tags on Pterodactyl)', async () => {
    const spec = await paperSpec({ deploy: { tags: ['gra'] } });
    const before = fake.requests.length;
    const err = (await caught(panel.createServer(spec))) as GamePanelRefused;
    expect(err).toBeInstanceOf(GamePanelRefused);
    expect(err.errors[0]).toMatchObject({ field: 'deploy.locations', rule: 'required' });
    expect(fake.requests.length).toBe(before);
  });

  it('follows the install on the panel: installing, then done; in location `fail` or after failNextInstall, install_failed', async () => {
    const ok = await panel.createServer(await paperSpec());
    const failedByLocation = await panel.createServer(await paperSpec({ deploy: { locations: [3] } }));
    fake.failNextInstall();
    const failedByChance = await panel.createServer(await paperSpec());
    expect(failedByLocation.allocation?.host).toBe('fail1.play.example');

    for (const server of [ok, failedByLocation, failedByChance]) expect((await panel.getServer(server.id)).status).toBe('installing');
    clock.advance({ minutes: 1 });
    expect((await panel.getServer(ok.id)).status).toBeNull();
    expect((await panel.getServer(failedByLocation.id)).status).toBe('install_failed');
    expect((await panel.getServer(failedByChance.id)).status).toBe('install_failed');
    expect(lastRequest()).toMatchObject({ path: `/api/application/servers/${failedByChance.id}`, query: { include: 'allocations' } });
  });

  it('suspends, unsuspends and deletes; a server already gone is no error to delete, and not found to read', async () => {
    const { id } = await panel.createServer(await paperSpec());
    clock.advance({ minutes: 1 });

    await panel.suspend(id);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/api/application/servers/${id}/suspend`, status: 204 });
    expect(await panel.getServer(id)).toMatchObject({ status: 'suspended', suspended: true });
    await panel.suspend(id); // the panel does nothing the second time
    await panel.unsuspend(id);
    expect(await panel.getServer(id)).toMatchObject({ status: null, suspended: false });

    await panel.deleteServer(id);
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/api/application/servers/${id}`, status: 204 });
    expect(fake.servers.has(id)).toBe(false);
    await panel.deleteServer(id);
    expect(lastRequest().status).toBe(404);

    const read = await caught(panel.getServer(id));
    expect(read).toBeInstanceOf(GamePanelNotFound);
    await expect(panel.suspend(id)).rejects.toBeInstanceOf(GamePanelNotFound);
  });
});

describe('Pterodactyl adapter: catalogue', () => {
  it('reads nests, their eggs with variables and the locations, following every page', async () => {
    const paged = await startPterodactylFake({ clock, maxPerPage: 2 });
    try {
      const catalogue = await createPterodactylAdapter({ url: paged.url, applicationKey: paged.applicationKey }).catalogue();
      expect(catalogue.flavour).toBe('pterodactyl');
      expect(catalogue.nests).toEqual([
        { id: 1, name: 'Minecraft' },
        { id: 2, name: 'Rockstar' },
        { id: 3, name: 'Source Engine' },
      ]);
      expect(catalogue.eggs.map((e) => [e.nest, e.name])).toEqual([
        [1, 'Paper'],
        [1, 'Forge'],
        [1, 'Fabric'],
        [2, 'FiveM'],
        [3, "Garry's Mod"],
      ]);
      expect(catalogue.eggs[0]!.variables).toContainEqual({
        envVariable: 'SERVER_JARFILE',
        name: 'Server Jar File',
        defaultValue: 'server.jar',
        rules: 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/',
      });
      expect(catalogue.eggs[0]!.dockerImages['Java 21']).toBe('ghcr.io/pterodactyl/yolks:java_21');
      expect(catalogue.locations.map((l) => l.short)).toEqual(['gra', 'rbx', 'fail']);
      expect(catalogue.tags).toEqual([]);
      const pages = paged.requests.filter((r) => r.path === '/api/application/nests/1/eggs').map((r) => r.query.page);
      expect(pages).toEqual(['1', '2']);
      expect(paged.requests.find((r) => r.path === '/api/application/nests/1/eggs')!.query.include).toBe('variables');
    } finally {
      await paged.close();
    }
  });
});

describe('Pelican flavour', () => {
  let pelican: PterodactylFake;
  let adapter: GamePanelAdapter;
  beforeAll(async () => {
    pelican = await startPterodactylFake({ clock, flavour: 'pelican' });
    adapter = createPterodactylAdapter({ url: pelican.url, applicationKey: pelican.applicationKey, flavour: 'pelican' });
  });
  afterAll(() => pelican.close());

  it('reads eggs at /eggs (no nests, no locations) and the nodes’ tags', async () => {
    const catalogue = await adapter.catalogue();
    expect(catalogue).toMatchObject({ flavour: 'pelican', nests: [], locations: [], tags: ['fail', 'gra', 'rbx'] });
    expect(catalogue.eggs.map((e) => [e.nest, e.name])).toContainEqual([null, 'Paper']);
    expect(pelican.requests.map((r) => r.path).sort()).toEqual(['/api/application/eggs', '/api/application/nodes']);
  });

  it('deploys by node tag', async () => {
    const user = await adapter.findOrCreateUser({
      externalId: 'p-1',
      email: 'p1@example.com',
      username: 'p1-player',
      firstName: 'P',
      lastName: 'One',
    });
    const spec = { ...(await paperSpec()), userId: user.id, externalId: 'pel-1', deploy: { tags: ['rbx'] } };
    const state = await adapter.createServer(spec);
    expect(pelican.requests.at(-1)!.body).toMatchObject({ deploy: { tags: ['rbx'], locations: [], dedicated_ip: false, port_range: [] } });
    expect(state.allocation?.host).toBe('rbx1.play.example');
    const refused = (await caught(adapter.createServer({ ...spec, externalId: 'pel-2', deploy: { locations: [1] } }))) as GamePanelRefused;
    expect(refused.errors[0]).toMatchObject({ field: 'deploy.tags', rule: 'required' });
  });
});

describe('Pterodactyl adapter: keys and outages', () => {
  it('a wrong key: refused (401) without the key in the message; a client key: refused (403)', async () => {
    const wrongKey = `ptla_${'x'.repeat(43)}`;
    const wrong = await caught(createPterodactylAdapter({ url: fake.url, applicationKey: wrongKey }).getServer(1));
    expect(wrong).toBeInstanceOf(GamePanelRefused);
    expect((wrong as GamePanelRefused).status).toBe(401);
    expect(wrong.message).toContain('Pterodactyl refused the application key');
    expect(wrong.message).not.toContain(wrongKey);

    const client = await caught(createPterodactylAdapter({ url: fake.url, applicationKey: fake.clientKey }).catalogue());
    expect((client as GamePanelRefused).status).toBe(403);
    expect(client.message).not.toContain(fake.clientKey);
  });

  it('a key that may not write servers: the create is refused (403), nothing made', async () => {
    const spec = await paperSpec();
    fake.setPermissions({ servers: 'read' });
    try {
      const err = (await caught(panel.createServer(spec))) as GamePanelRefused;
      expect(err.status).toBe(403);
      expect(err.errors.map((e) => e.code)).toEqual(['KeyRefused', 'AccessDeniedHttpException']);
    } finally {
      fake.setPermissions({ servers: 'read-write' });
    }
    expect(await panel.findServerByExternalId(spec.externalId)).toBeNull();
  });

  it.each([
    ['error', 'Pterodactyl answered 500 (An unexpected error was encountered'],
    ['maintenance', 'Pterodactyl answered 503 (Service Unavailable)'],
    ['rate-limited', 'Pterodactyl answered 429 (Too Many Attempts.)'],
    ['network', 'Pterodactyl could not be reached'],
  ] as const)('the panel %s: GamePanelUnavailable', async (how, message) => {
    fake.down(true, how);
    const err = await caught(panel.findServerByExternalId('svc-down'));
    expect(err).toBeInstanceOf(GamePanelUnavailable);
    expect(err.message).toContain(message);
    expect(err.message).not.toContain(fake.applicationKey);
  });

  it('the panel not answering: GamePanelUnavailable once the timeout passes', async () => {
    const quick = createPterodactylAdapter({ url: fake.url, applicationKey: fake.applicationKey, timeoutMs: 200 });
    fake.down(true, 'hang');
    const err = await caught(quick.getServer(1));
    expect(err).toBeInstanceOf(GamePanelUnavailable);
    expect(err.message).toBe('GET /servers/1: Pterodactyl did not answer within 200 ms');
  });

  it('nothing listening at the address: GamePanelUnavailable naming the refused connection', async () => {
    const closed = await startPterodactylFake();
    await closed.close();
    const err = await caught(createPterodactylAdapter({ url: closed.url, applicationKey: closed.applicationKey }).getServer(1));
    expect(err).toBeInstanceOf(GamePanelUnavailable);
    expect(err.message).toBe('GET /servers/1: Pterodactyl could not be reached (ECONNREFUSED)');
  });
});
