import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePanelCatalogueSchema } from '../../shared/schemas/staff/products';
import { createGamePanel } from '../../server/providers/game-panel/index';
import { createTestApp } from '../support/app';
import { buildCategory, buildProduct } from '../support/builders';
import { countRows } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// The product forms' delivery section (issue 31): POST /api/admin/create and PATCH
// /api/admin/products/{id} take the delivery mode and its settings, the systems a VPS buyer
// chooses from and a game's variants, refused as a whole when they do not go together, and
// Pterodactyl settings the panel would refuse. The panel is the sandbox one (its demo catalogue:
// eggs 1 Paper, 2 Forge, 3 Fabric in nest 1, 4 FiveM in nest 2; locations 1 to 3).

let database: TestDatabase;
let admin: { id: number };
let manager: { id: number };
beforeAll(async () => {
  database = await createTestDatabase();
  admin = await buildStaff(database.db, 'admin');
  manager = await buildStaff(database.db, 'manager');
  await buildCategory(database.db, { name: 'Classique Linux', position: 40 });
});
afterAll(() => database.destroy());

const db = () => database.db;
const app = () => createTestApp(db(), { catalogTtlMs: 60_000 });
/** The real Pterodactyl adapter pointed at a port nobody listens on: the panel is down. */
const panelDown = () =>
  createTestApp(db(), {
    gamePanel: createGamePanel({ pterodactyl: { url: 'http://127.0.0.1:9', applicationKey: 'ptla_down', timeoutMs: 2_000 } }, { db: db() }),
  });

const LINUX = [
  { id: 'debian-12', name: 'Debian 12', family: 'linux' },
  { id: 'ubuntu-24-04', name: 'Ubuntu 24.04', family: 'linux' },
];

/** Settings the schema takes; whether the panel takes them is asked of the panel. */
const PTERODACTYL = {
  mode: 'pterodactyl',
  pterodactyl: {
    nest: 1,
    egg: 1,
    dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
    startup: 'java -jar {{SERVER_JARFILE}}',
    environment: { SERVER_JARFILE: 'server.jar', BUILD_NUMBER: 'latest', MINECRAFT_VERSION: 'latest' },
    limits: { memory: 4096, disk: 40960, cpu: 200 },
    featureLimits: { databases: 1, allocations: 1, backups: 2 },
    locations: [1],
  },
};

let slugs = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'VPS Livré seul',
  slug: `vps-livre-seul-${++slugs}`,
  price_cents: 999,
  ram: '4 Go',
  cores: 2,
  storage: '80 Go SSD',
  stock: 5,
  ...overrides,
});

const catalogue = (who: number, shop = app()) =>
  request(shop).get('/api/admin/game-panel/catalogue').set('Authorization', staffBearer(who));
const create = (body: object, shop = app()) =>
  request(shop).post('/api/admin/create').set('Authorization', staffBearer(admin.id)).send(body);
const patch = (id: number, body: object, shop = app()) =>
  request(shop).patch(`/api/admin/products/${id}`).set('Authorization', staffBearer(manager.id)).send(body);
const updates = (id: number) =>
  db()('audit_log')
    .where({ action: 'product.updated', entity_id: String(id) })
    .orderBy('id');

describe('POST /api/admin/create with a delivery section', () => {
  it('201: a VPS from the inventory with its systems, stored as the provisioners read it, automatic in the shop', async () => {
    const shop = app();
    const res = await create(
      form({ delivery: { mode: 'inventory', inventory: { plan: 'VPS Essential' } }, os_choices: LINUX }),
      shop,
    ).expect(201);
    const row = await db()('products').where({ id: res.body.productId }).first();
    expect(row).toMatchObject({
      service_kind: 'vps',
      delivery: 'inventory',
      delivery_config: { inventory: { plan: 'VPS Essential', orderAtOvh: false } },
      os_choices: LINUX,
      variants: [],
      // The machine's system: the first the buyer may choose, when the form names none.
      ovh_config: { region: '', os: 'Debian 12' },
    });
    const audit = await db()('audit_log')
      .where({ action: 'product.created', entity_id: String(res.body.productId) })
      .first();
    expect(audit.after).toMatchObject({ service_kind: 'vps', delivery: 'inventory', os_choices: ['debian-12', 'ubuntu-24-04'] });

    const shown = (await request(shop).get('/api/products').expect(200)).body.find((p: { id: number }) => p.id === res.body.productId);
    expect(shown).toMatchObject({ delivery: 'automatic', service_kind: 'vps', os_choices: LINUX, variants: [] });
  });

  it('201: without a delivery section, delivered by hand as before', async () => {
    const res = await create(form()).expect(201);
    expect(await db()('products').where({ id: res.body.productId }).first()).toMatchObject({
      service_kind: 'vps',
      delivery: 'manual',
      delivery_config: {},
      os_choices: [],
      variants: [],
    });
  });

  it.each([
    ['systems on a game server', { delivery: PTERODACTYL, os_choices: LINUX }, 'os_choices'],
    [
      'variants on a VPS',
      { delivery: { mode: 'inventory', inventory: {} }, variants: [{ id: 'paper', name: 'Paper', egg: 1 }] },
      'variants',
    ],
    ['a kind the mode contradicts', { delivery: PTERODACTYL, service_kind: 'vps' }, 'service_kind'],
    ['two systems with one id', { os_choices: [LINUX[0], { ...LINUX[1], id: 'debian-12' }] }, 'os_choices'],
    ['a system id with spaces', { os_choices: [{ ...LINUX[0], id: 'debian 12' }] }, 'os_choices.0.id'],
    ['ordering at OVH without its settings', { delivery: { mode: 'inventory', inventory: { orderAtOvh: true } } }, 'delivery.ovh'],
    ['an unknown mode', { delivery: { mode: 'carrier-pigeon' } }, 'delivery.mode'],
    [
      'Pterodactyl settings without an egg',
      { delivery: { ...PTERODACTYL, pterodactyl: { ...PTERODACTYL.pterodactyl, egg: undefined } } },
      'delivery.pterodactyl.egg',
    ],
  ])('400 for %s, with the field; nothing created', async (_case, section, field) => {
    const before = await countRows(db(), 'products');
    const res = await create(form(section)).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(await countRows(db(), 'products')).toBe(before);
  });

  it('503 game_panel_unavailable when the panel cannot be read to check Pterodactyl settings; nothing created', async () => {
    const before = await countRows(db(), 'products');
    const res = await create(form({ name: 'Minecraft', delivery: PTERODACTYL }), panelDown()).expect(503);
    expect(res.body.error).toBe('game_panel_unavailable');
    expect(await countRows(db(), 'products')).toBe(before);
  });
});

describe('PATCH /api/admin/products/{id}: the delivery section', () => {
  it('switches a product to the inventory with its systems, audited in short; the same again changes nothing', async () => {
    const product = await buildProduct(db(), { name: 'VPS à automatiser' });
    const body = { delivery: { mode: 'inventory', inventory: { plan: 'VPS Comfort' } }, os_choices: LINUX };
    const res = await patch(product.id, body).expect(200);
    expect(res.body.product).toMatchObject({
      service_kind: 'vps',
      delivery: { mode: 'inventory', inventory: { plan: 'VPS Comfort', orderAtOvh: false } },
      os_choices: LINUX,
      variants: [],
    });
    const [audit, ...more] = await updates(product.id);
    expect(more).toEqual([]);
    expect(audit.before).toEqual({ delivery: { mode: 'manual' }, os_choices: [] });
    expect(audit.after).toEqual({ delivery: { mode: 'inventory' }, os_choices: ['debian-12', 'ubuntu-24-04'] });

    await patch(product.id, body).expect(200);
    expect(await updates(product.id)).toHaveLength(1);
  });

  it('400 for variants on a VPS or systems on a game server, read with what is stored; nothing changed', async () => {
    const vps = await buildProduct(db(), { name: 'VPS sans variantes' });
    const game = await buildProduct(db(), { name: 'Jeu sans système', service_kind: 'game' });
    expect((await patch(vps.id, { variants: [{ id: 'paper', name: 'Paper' }] }).expect(400)).body.fields).toHaveProperty('variants');
    expect((await patch(game.id, { os_choices: LINUX }).expect(400)).body.fields).toHaveProperty('os_choices');
    expect(await db()('products').whereIn('id', [vps.id, game.id]).orderBy('id').pluck('variants')).toEqual([[], []]);
    expect(await updates(vps.id)).toEqual([]);
  });

  it('503 when new Pterodactyl settings cannot be checked against the panel; nothing changed', async () => {
    const product = await buildProduct(db(), { name: 'Futur serveur de jeu' });
    expect((await patch(product.id, { delivery: PTERODACTYL }, panelDown()).expect(503)).body.error).toBe('game_panel_unavailable');
    expect(await db()('products').where({ id: product.id }).first()).toMatchObject({ delivery: 'manual', service_kind: 'vps' });
  });
});

describe('GET /api/admin/game-panel/catalogue', () => {
  it('200: the panel’s nests, eggs with images, startup and variables (required or not), locations and tags', async () => {
    const res = await catalogue(manager.id).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(gamePanelCatalogueSchema.safeParse(res.body).error).toBeUndefined();
    expect(res.body.flavour).toBe('pterodactyl');
    expect(res.body.nests).toContainEqual({ id: 1, name: 'Minecraft' });
    const paper = res.body.eggs.find((egg: { id: number }) => egg.id === 1);
    expect(paper).toMatchObject({ nest: 1, name: 'Paper', dockerImages: { 'Java 21': 'ghcr.io/pterodactyl/yolks:java_21' } });
    expect(paper.startup).toContain('{{SERVER_JARFILE}}');
    expect(paper.variables).toContainEqual({
      envVariable: 'SERVER_JARFILE',
      name: 'Server Jar File',
      defaultValue: 'server.jar',
      rules: expect.stringContaining('required'),
      required: true,
    });
    expect(paper.variables).toContainEqual(expect.objectContaining({ envVariable: 'DL_PATH', required: false }));
    expect(res.body.locations).toContainEqual({ id: 1, short: 'gra', long: 'Gravelines' });
    expect(res.body.tags).toContain('gra');
  });

  it('403 for support staff; 503 game_panel_unavailable when the panel does not answer', async () => {
    const support = await buildStaff(db(), 'support');
    await catalogue(support.id).expect(403);
    expect((await catalogue(admin.id, panelDown()).expect(503)).body.error).toBe('game_panel_unavailable');
  });
});

describe('Pterodactyl settings read against the panel before saving', () => {
  const VARIANTS = [
    { id: 'paper', name: 'Paper', egg: 1 },
    { id: 'fabric', name: 'Fabric', egg: 3, environment: { MC_VERSION: '1.21.1', FABRIC_VERSION: 'latest', LOADER_VERSION: 'latest' } },
  ];

  it('201: a game server with its variants, its settings flat as the provisioner reads them, automatic in the shop', async () => {
    const shop = app();
    const res = await create(form({ name: 'Minecraft Auto', delivery: PTERODACTYL, variants: VARIANTS }), shop).expect(201);
    const row = await db()('products').where({ id: res.body.productId }).first();
    expect(row).toMatchObject({
      service_kind: 'game',
      delivery: 'pterodactyl',
      delivery_config: {
        ...PTERODACTYL.pterodactyl,
        limits: { memory: 4096, swap: 0, disk: 40960, io: 500, cpu: 200 },
        tags: [],
        portRange: [],
      },
      os_choices: [],
      variants: [
        { id: 'paper', name: 'Paper', egg: 1, environment: {} },
        { id: 'fabric', name: 'Fabric', egg: 3, environment: VARIANTS[1]!.environment },
      ],
    });
    const shown = (await request(shop).get('/api/products').expect(200)).body.find((p: { id: number }) => p.id === res.body.productId);
    expect(shown).toMatchObject({
      delivery: 'automatic',
      service_kind: 'game',
      variants: [
        { id: 'paper', name: 'Paper' },
        { id: 'fabric', name: 'Fabric' },
      ],
    });
  });

  it.each([
    ['an egg the panel does not have', { egg: 99 }, [], 'delivery.pterodactyl.egg'],
    ['an image the egg does not offer', { dockerImage: 'debian:12' }, [], 'delivery.pterodactyl.dockerImage'],
    ['a required variable left empty', { environment: { SERVER_JARFILE: '' } }, [], 'delivery.pterodactyl.environment.SERVER_JARFILE'],
    ['a location the panel does not have', { locations: [42] }, [], 'delivery.pterodactyl.locations'],
    ['a variant whose egg needs more variables', {}, [{ id: 'forge', name: 'Forge', egg: 2 }], 'variants.0.environment.MC_VERSION'],
  ])('400 for %s, with the field; nothing created', async (_case, settings, variants, field) => {
    const before = await countRows(db(), 'products');
    const delivery = { ...PTERODACTYL, pterodactyl: { ...PTERODACTYL.pterodactyl, ...settings } };
    const res = await create(form({ name: 'Minecraft refusé', delivery, variants })).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(await countRows(db(), 'products')).toBe(before);
  });

  it('PATCH: a product moves to the panel once its settings pass; variants the panel would refuse change nothing', async () => {
    const product = await buildProduct(db(), { name: 'Minecraft à automatiser' });
    const moved = await patch(product.id, { delivery: PTERODACTYL, variants: VARIANTS }).expect(200);
    expect(moved.body.product).toMatchObject({
      service_kind: 'game',
      delivery: PTERODACTYL,
      variants: VARIANTS.map((v) => ({ id: v.id })),
    });
    const [audit] = await updates(product.id);
    expect(audit.after).toEqual({ delivery: { mode: 'pterodactyl' }, variants: ['paper', 'fabric'], service_kind: 'game' });

    const refused = await patch(product.id, { variants: [{ id: 'forge', name: 'Forge', egg: 2 }] }).expect(400);
    expect(Object.keys(refused.body.fields)).toEqual(['variants.0.environment.MC_VERSION', 'variants.0.environment.BUILD_TYPE']);
    expect((await db()('products').where({ id: product.id }).first()).variants.map((v: { id: string }) => v.id)).toEqual([
      'paper',
      'fabric',
    ]);
    expect(await updates(product.id)).toHaveLength(1);
  });
});
