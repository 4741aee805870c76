import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { buildCategory, buildProduct } from '../support/builders';
import { countRows } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// The product forms' delivery section (issue 31): POST /api/admin/create and PATCH
// /api/admin/products/{id} take the delivery mode and its settings, the systems a VPS buyer
// chooses from and a game's variants, refused as a whole when they do not go together.

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
    const res = await create(form({ name: 'Minecraft', delivery: PTERODACTYL })).expect(503);
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
    expect((await patch(product.id, { delivery: PTERODACTYL }).expect(503)).body.error).toBe('game_panel_unavailable');
    expect(await db()('products').where({ id: product.id }).first()).toMatchObject({ delivery: 'manual', service_kind: 'vps' });
  });
});
