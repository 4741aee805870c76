import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGamePanel } from '../../server/providers/game-panel/index';
import { createSandboxGamePanel } from '../../server/providers/game-panel/sandbox';
import { GamePanelNotFound, GamePanelRefused, type GamePanelAdapter, type GameServerSpec } from '../../server/providers/game-panel/types';
import { createTestDatabase, type TestDatabase } from '../support/database';

// The sandbox game panel on a real Postgres: installs that end on the moved clock, the `fail`
// location, one server per external id (also for two creates at once, or two app instances).

let database: TestDatabase;
let clock = new Date('2026-11-29T10:00:00.000Z');
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let panel: GamePanelAdapter;
let serial = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  panel = createSandboxGamePanel(database.db, { now, installMs: 5000 });
});
afterAll(() => database.destroy());

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to throw');
}

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
    deploy: { locations: [1] },
    ...overrides,
  };
}

describe('sandbox game panel: install', () => {
  it('installs for a few seconds on the clock, then is done, on a Gravelines address and a Minecraft port', async () => {
    const made = await panel.createServer(await paperSpec());
    expect(made).toMatchObject({ status: 'installing', suspended: false, allocation: { host: 'gra1.play.example' } });
    expect(made.identifier).toMatch(/^[0-9a-f]{8}$/);
    expect(made.allocation!.port).toBeGreaterThanOrEqual(25565);
    expect(made.allocation!.port).toBeLessThanOrEqual(25664);

    advance(4000);
    expect((await panel.getServer(made.id)).status).toBe('installing');
    advance(1000);
    expect(await panel.getServer(made.id)).toEqual({ ...made, status: null });
  });

  it('a server placed in location `fail`, or on the node tag `fail`, ends install_failed', async () => {
    const byLocation = await panel.createServer(await paperSpec({ deploy: { locations: [3] } }));
    const byTag = await panel.createServer(await paperSpec({ deploy: { tags: ['fail'] } }));
    const fine = await panel.createServer(await paperSpec({ deploy: { tags: ['rbx'] } }));
    expect(byLocation.allocation?.host).toBe('fail1.play.example');
    expect(fine.allocation?.host).toBe('rbx1.play.example');
    advance(5000);
    expect((await panel.getServer(byLocation.id)).status).toBe('install_failed');
    expect((await panel.getServer(byTag.id)).status).toBe('install_failed');
    expect((await panel.getServer(fine.id)).status).toBeNull();
  });

  it('gives each server of a node its own port', async () => {
    const [a, b, c] = await Promise.all([
      panel.createServer(await paperSpec({ deploy: { locations: [2] } })),
      panel.createServer(await paperSpec({ deploy: { locations: [2] } })),
      panel.createServer(await paperSpec({ deploy: { locations: [2] } })),
    ]);
    const ports = [a!, b!, c!].map((s) => s.allocation!.port);
    expect(new Set(ports).size).toBe(3);
  });
});

describe('sandbox game panel: one server per external id', () => {
  it('finds nothing before the create, the server after it; a second create is refused as the panel’s unique rule', async () => {
    const spec = await paperSpec();
    expect(await panel.findServerByExternalId(spec.externalId)).toBeNull();
    const made = await panel.createServer(spec);
    expect(await panel.findServerByExternalId(spec.externalId)).toEqual(made);

    const again = await caught(panel.createServer(spec));
    expect(again).toBeInstanceOf(GamePanelRefused);
    expect((again as GamePanelRefused).status).toBe(422);
    expect((again as GamePanelRefused).errors).toEqual([
      {
        code: 'ValidationException',
        status: '422',
        detail: 'The external id has already been taken.',
        field: 'external_id',
        rule: 'unique',
      },
    ]);
  });

  it('two creates at once, on two instances of the app: one server, the other refused', async () => {
    const spec = await paperSpec();
    const other = createSandboxGamePanel(database.db, { now, installMs: 5000 });
    const results = await Promise.allSettled([panel.createServer(spec), other.createServer(spec)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason as GamePanelRefused;
    expect(refused.errors[0]).toMatchObject({ field: 'external_id', rule: 'unique' });
    const rows = await database.db('game_panel_sandbox_servers').where({ external_id: spec.externalId });
    expect(rows).toHaveLength(1);
    expect((await other.findServerByExternalId(spec.externalId))?.id).toBe(rows[0].id);
  });

  it('finds a user by our id, then by e-mail in any case; two instances making one user at once make one', async () => {
    const input = { externalId: 'u-same', email: 'Same@Example.com', username: 'same', firstName: 'S', lastName: 'Ame' };
    const other = createSandboxGamePanel(database.db, { now });
    const [a, b] = await Promise.all([panel.findOrCreateUser(input), other.findOrCreateUser(input)]);
    expect(a).toEqual(b);
    const byEmail = await panel.findOrCreateUser({ ...input, externalId: 'u-other', email: 'same@example.COM' });
    expect(byEmail).toEqual(a);
    expect(await database.db('game_panel_sandbox_users').whereRaw('lower(email) = ?', ['same@example.com'])).toHaveLength(1);
  });
});

describe('sandbox game panel: refusals and actions', () => {
  it('refuses what the panel refuses: variables against their rules, an unknown egg, a location without nodes', async () => {
    const variables = (await caught(panel.createServer(await paperSpec({ environment: { SERVER_JARFILE: 'paper' } })))) as GamePanelRefused;
    expect(variables.status).toBe(422);
    expect(variables.errors.map((e) => [e.field, e.rule])).toEqual([
      ['environment.SERVER_JARFILE', 'regex'],
      ['environment.BUILD_NUMBER', 'required'],
    ]);

    const egg = (await caught(panel.createServer(await paperSpec({ egg: 404 })))) as GamePanelRefused;
    expect(egg.errors).toEqual([
      { code: 'ValidationException', status: '422', detail: 'The selected egg is invalid.', field: 'egg', rule: 'exists' },
    ]);

    const nowhere = (await caught(panel.createServer(await paperSpec({ deploy: { locations: [99] } })))) as GamePanelRefused;
    expect(nowhere.status).toBe(400);
    expect(nowhere.errors[0]!.code).toBe('NoViableNodeException');
  });

  it('suspends, unsuspends and deletes; a deleted server is not found, and deleting it again is fine', async () => {
    const { id } = await panel.createServer(await paperSpec());
    advance(5000);
    await panel.suspend(id);
    expect(await panel.getServer(id)).toMatchObject({ status: 'suspended', suspended: true });
    await panel.unsuspend(id);
    expect(await panel.getServer(id)).toMatchObject({ status: null, suspended: false });
    await panel.deleteServer(id);
    await panel.deleteServer(id);
    await expect(panel.getServer(id)).rejects.toBeInstanceOf(GamePanelNotFound);
    await expect(panel.suspend(id)).rejects.toBeInstanceOf(GamePanelNotFound);
  });

  it('offers the demo catalogue: Minecraft (Paper, Forge, Fabric), Rockstar (FiveM), Source Engine (Garry’s Mod), three locations', async () => {
    const catalogue = await panel.catalogue();
    expect(catalogue.nests.map((n) => n.name)).toEqual(['Minecraft', 'Rockstar', 'Source Engine']);
    expect(catalogue.eggs.map((e) => [e.nest, e.name])).toEqual([
      [1, 'Paper'],
      [1, 'Forge'],
      [1, 'Fabric'],
      [2, 'FiveM'],
      [3, "Garry's Mod"],
    ]);
    expect(catalogue.locations).toEqual([
      { id: 1, short: 'gra', long: 'Gravelines' },
      { id: 2, short: 'rbx', long: 'Roubaix' },
      { id: 3, short: 'fail', long: 'Installs always fail (sandbox)' },
    ]);
    expect(catalogue.tags).toEqual(['fail', 'gra', 'rbx']);
  });
});

describe('createGamePanel', () => {
  it('runs the sandbox without a key, the live panel with one', () => {
    expect(createGamePanel({}, { db: database.db, now }).mode).toBe('sandbox');
    const live = createGamePanel(
      { pterodactyl: { url: 'https://panel.example.com', applicationKey: `ptla_${'a'.repeat(43)}`, flavour: 'pelican' } },
      { db: database.db },
    );
    expect([live.mode, live.flavour]).toEqual(['live', 'pelican']);
  });
});
