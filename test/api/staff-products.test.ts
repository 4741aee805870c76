import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_NAME } from '../../shared/constants';
import { createTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { buildCategory } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

// A long catalogue cache, as in production: the new product must show anyway (invalidation).
const app = () => createTestApp(database.db, { catalogTtlMs: 60_000 });

let slugCounter = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'VPS Linux Test',
  slug: `vps-linux-test-${++slugCounter}`,
  description: 'Un VPS de test.',
  price_cents: 1299,
  region: 'GRA',
  os: 'Debian 12',
  ram: '4 Go',
  cores: 2,
  storage: '80 Go NVMe',
  traffic: 'Illimité',
  bandwidth: '1 Gbit/s',
  stock: 5,
  ...overrides,
});

const counts = async () => {
  const { db } = database;
  const [p] = await db('products').count({ n: '*' });
  const [a] = await db('audit_log').where({ action: 'product.created' }).count({ n: '*' });
  return { products: Number(p?.n), audits: Number(a?.n) };
};

describe('POST /api/admin/create', () => {
  it('201 {productId}: stored with its config, in the OS default category, audited, and in GET /api/products at once', async () => {
    const { db } = database;
    const linux = await buildCategory(db, { name: 'Classique Linux', position: 40 });
    const admin = await buildStaff(db, 'admin');
    const shop = app();
    await request(shop).get('/api/products').expect(200); // fills the catalogue cache

    const body = form({ slug: 'vps-debian-neuf', currency: 'USD', support_cents: 100, margin_cents: 50, tax_rate: 6 });
    const res = await request(shop).post('/api/admin/create').set('Authorization', staffBearer(admin.id)).send(body).expect(201);
    expect(res.body).toEqual({ productId: expect.any(Number) });

    const row = await db('products').where({ id: res.body.productId }).first();
    expect(row).toMatchObject({
      name: 'VPS Linux Test',
      slug: 'vps-debian-neuf',
      description: 'Un VPS de test.',
      price_cents: 1299,
      support_cents: 100,
      margin_cents: 50,
      currency: 'USD',
      stock: 5,
      category_id: linux.id,
      subcategory_id: null,
      config_products: { ram: '4 Go', cores: 2, storage: '80 Go NVMe', traffic: 'Illimité', bandwidth: '1 Gbit/s' },
      ovh_config: { region: 'GRA', os: 'Debian 12' },
      ovh_duration: '1',
      is_active: true,
    });
    expect(Number(row.tax_rate)).toBe(6);

    const audit = await db('audit_log')
      .where({ action: 'product.created', entity_id: String(res.body.productId) })
      .first();
    expect(audit).toMatchObject({ actor_id: admin.id, entity_type: 'product' });
    expect(audit.after).toMatchObject({ slug: 'vps-debian-neuf', category_id: linux.id });

    const products = await request(shop).get('/api/products').expect(200);
    const shown = products.body.find((p: { id: number }) => p.id === res.body.productId);
    expect(shown).toMatchObject({
      name: 'VPS Linux Test',
      category_name: 'Classique Linux',
      price_cents: 1299,
      config_products: { ram: '4 Go', cores: 2, bandwidth: '1 Gbit/s' },
      ovh_duration: '1',
    });
  });

  it('keeps the billing period (months one payment buys) and the bandwidth; the shop shows both (issue 34)', async () => {
    const { db } = database;
    const admin = await buildStaff(db, 'admin');
    const shop = app();
    const res = await request(shop)
      .post('/api/admin/create')
      .set('Authorization', staffBearer(admin.id))
      .send(form({ slug: 'vps-trimestriel', billing_months: 3, bandwidth: '500 Mbit/s' }))
      .expect(201);
    const row = await db('products').where({ id: res.body.productId }).first();
    expect(row.ovh_duration).toBe('3');
    expect(row.config_products.bandwidth).toBe('500 Mbit/s');
    const products = await request(shop).get('/api/products').expect(200);
    expect(products.body.find((p: { id: number }) => p.id === res.body.productId)).toMatchObject({
      ovh_duration: '3',
      config_products: { bandwidth: '500 Mbit/s' },
    });
  });

  it('400 on a billing period the form does not offer; nothing written', async () => {
    const { db } = database;
    const admin = await buildStaff(db, 'admin');
    const before = await counts();
    for (const billing_months of [0, 2, 'douze']) {
      const res = await request(app())
        .post('/api/admin/create')
        .set('Authorization', staffBearer(admin.id))
        .send(form({ billing_months }))
        .expect(400);
      expect(res.body.fields).toHaveProperty('billing_months');
    }
    expect(await counts()).toEqual(before);
  });

  it('accepts the spec’s payload (§3): euros as the form shows them, ovh_config_json and config_products nested', async () => {
    const { db } = database;
    if (!(await db('categories').where({ name: 'Classique Linux' }).first()))
      await buildCategory(db, { name: 'Classique Linux', position: 40 });
    const admin = await buildStaff(db, 'admin');
    const shop = app();
    await request(shop).get('/api/products').expect(200); // fills the catalogue cache
    const res = await request(shop)
      .post('/api/admin/create')
      .set('Authorization', staffBearer(admin.id))
      .send({
        name: 'VPS Spec',
        slug: 'vps-spec',
        description: 'Créé depuis le formulaire de la spec.',
        price: '12.50',
        support: '1,50',
        margin: 0.5,
        tax_rate: '6',
        currency: 'EUR',
        ovh_config_json: { region: 'GRA', os: 'Ubuntu 24.04' },
        config_products: { ram: '8 Go', cores: 4, storage: '160 Go', traffic: 'Illimité' },
      })
      .expect(201);
    expect(res.body).toEqual({ productId: expect.any(Number) });
    const row = await db('products').where({ id: res.body.productId }).first();
    expect(row).toMatchObject({
      price_cents: 1250,
      support_cents: 150,
      margin_cents: 50,
      currency: 'EUR',
      config_products: { ram: '8 Go', cores: 4, storage: '160 Go', traffic: 'Illimité' },
      ovh_config: { region: 'GRA', os: 'Ubuntu 24.04' },
    });
    expect(Number(row.tax_rate)).toBe(6);
    const shown = (await request(shop).get('/api/products').expect(200)).body.find((p: { id: number }) => p.id === res.body.productId);
    expect(shown).toMatchObject({
      name: 'VPS Spec',
      price_cents: 1250,
      category_name: 'Classique Linux',
      config_products: { ram: '8 Go', cores: 4 },
    });
  });

  it.each([
    ['9.99', 999],
    [9.99, 999],
    ['9,99', 999],
    [0.29, 29],
    ['123456.78', 12345678],
    [10, 1000],
  ])('the spec’s price %j is %i cents exactly (no float drift)', async (price, cents) => {
    const { db } = database;
    const admin = await buildStaff(db, 'admin');
    const res = await request(app())
      .post('/api/admin/create')
      .set('Authorization', staffBearer(admin.id))
      .send({ name: 'Prix', slug: `prix-${++slugCounter}`, price, ovh_config_json: JSON.stringify({ region: 'SBG', os: 'Debian 12' }) })
      .expect(201);
    const row = await db('products').where({ id: res.body.productId }).first();
    expect(row).toMatchObject({ price_cents: cents, support_cents: 0, margin_cents: 0, ovh_config: { region: 'SBG', os: 'Debian 12' } });
  });

  it.each([
    ['price', { price: '0' }, 'Le prix doit être supérieur à 0.'],
    ['price', {}, 'Le prix doit être supérieur à 0.'],
    ['price', { price: 'abc' }, 'Montant en euros attendu (ex. 9.99).'],
    ['price', { price: 0.1 + 0.2 }, 'Montant en euros attendu (ex. 9.99).'],
    ['support', { price: '5', support: '1.234' }, 'Montant en euros attendu (ex. 9.99).'],
    ['ovh_config_json', { price: '5', ovh_config_json: 'pas du json' }, undefined],
    ['config_products.cores', { price: '5', config_products: { cores: -1 } }, undefined],
  ])('400 on the spec payload’s %s %j, nothing written', async (field, overrides, message) => {
    const { db } = database;
    const admin = await buildStaff(db, 'admin');
    const before = await counts();
    const res = await request(app())
      .post('/api/admin/create')
      .set('Authorization', staffBearer(admin.id))
      .send({ name: 'Refusé', slug: `refuse-${++slugCounter}`, ...overrides })
      .expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(res.body.fields).toEqual({ [field]: message === undefined ? [expect.any(String)] : [message] });
    expect(await counts()).toEqual(before);
  });

  it('applies the spec defaults: support and margin 0, tax 21, EUR, cores 0', async () => {
    const { db } = database;
    const admin = await buildStaff(db, 'admin');
    const res = await request(app())
      .post('/api/admin/create')
      .set('Authorization', staffBearer(admin.id))
      .send({ name: 'Minimal', slug: 'minimal-produit', price_cents: 500 })
      .expect(201);
    const row = await db('products').where({ id: res.body.productId }).first();
    expect(row).toMatchObject({
      support_cents: 0,
      margin_cents: 0,
      currency: 'EUR',
      config_products: { ram: '', cores: 0, storage: '', traffic: '', bandwidth: '' },
      ovh_duration: '1',
    });
    expect(Number(row.tax_rate)).toBe(21);
  });

  it('default category: Windows OS -> Classique Windows; unknown OS or missing category -> Autre; an explicit category wins', async () => {
    const { db } = database;
    const admin = await buildStaff(db, 'admin');
    const windows = await buildCategory(db, { name: 'Classique Windows', position: 50 });
    const games = await buildCategory(db, { name: 'Minecraft', position: 10 });
    const [vanilla] = await db('subcategories').insert({ category_id: games.id, name: 'Vanilla' }).returning('*');
    const autre = await db('categories').where({ name: DEFAULT_CATEGORY_NAME }).first();
    const create = async (overrides: Record<string, unknown>) => {
      const res = await request(app())
        .post('/api/admin/create')
        .set('Authorization', staffBearer(admin.id))
        .send(form(overrides))
        .expect(201);
      return db('products').where({ id: res.body.productId }).first();
    };
    expect((await create({ os: 'Windows Server 2022' })).category_id).toBe(windows.id);
    expect((await create({ os: 'FreeBSD 14' })).category_id).toBe(autre.id);
    expect((await create({ os: 'Debian 12', category_id: games.id })).category_id).toBe(games.id);
    expect(await create({ subcategory_id: vanilla.id })).toMatchObject({ category_id: games.id, subcategory_id: vanilla.id });
  });

  it.each([
    ['name', { name: '' }, 'Le nom et le slug sont obligatoires.'],
    ['name', { name: '   ' }, 'Le nom et le slug sont obligatoires.'],
    ['slug', { slug: '' }, 'Le nom et le slug sont obligatoires.'],
    ['price_cents', { price_cents: 0 }, 'Le prix doit être supérieur à 0.'],
    ['price_cents', { price_cents: -100 }, 'Le prix doit être supérieur à 0.'],
  ])('400 on %s %j with the spec message, nothing written', async (field, overrides, message) => {
    const { db } = database;
    const admin = await buildStaff(db, 'admin');
    const before = await counts();
    const res = await request(app())
      .post('/api/admin/create')
      .set('Authorization', staffBearer(admin.id))
      .send(form(overrides))
      .expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(res.body.fields[field]).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['slug', { slug: 'Pas Un Slug!' }],
    ['currency', { currency: 'GBP' }],
    ['tax_rate', { tax_rate: 101 }],
    ['cores', { cores: -1 }],
    ['category_id', { category_id: 999_999 }],
    ['subcategory_id', { subcategory_id: 999_999 }],
  ])('400 on a bad %s, with field details, nothing written', async (field, overrides) => {
    const { db } = database;
    const admin = await buildStaff(db, 'admin');
    const before = await counts();
    const res = await request(app())
      .post('/api/admin/create')
      .set('Authorization', staffBearer(admin.id))
      .send(form(overrides))
      .expect(400);
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it('409 slug_taken on a duplicate slug; the first product stays as it was', async () => {
    const { db } = database;
    const admin = await buildStaff(db, 'admin');
    const first = await request(app())
      .post('/api/admin/create')
      .set('Authorization', staffBearer(admin.id))
      .send(form({ slug: 'deja-pris' }))
      .expect(201);
    const before = await counts();
    const res = await request(app())
      .post('/api/admin/create')
      .set('Authorization', staffBearer(admin.id))
      .send(form({ slug: 'deja-pris', name: 'Autre nom' }))
      .expect(409);
    expect(res.body).toEqual({ error: 'slug_taken', message: expect.any(String) });
    expect(await counts()).toEqual(before);
    expect((await db('products').where({ id: first.body.productId }).first()).name).toBe('VPS Linux Test');
  });

  it('403 for manager and support, 401 without the staff token or with a session token; nothing written', async () => {
    const { db } = database;
    const [manager, support, admin] = await Promise.all([buildStaff(db, 'manager'), buildStaff(db, 'support'), buildStaff(db, 'admin')]);
    const before = await counts();
    for (const who of [manager, support]) {
      const res = await request(app()).post('/api/admin/create').set('Authorization', staffBearer(who.id)).send(form()).expect(403);
      expect(res.body.error).toBe('forbidden_role');
    }
    await request(app()).post('/api/admin/create').send(form()).expect(401);
    // A login session is not the staff token: the admin password check is needed.
    await request(app()).post('/api/admin/create').set('Authorization', bearer(admin.id)).send(form()).expect(401);
    expect(await counts()).toEqual(before);
  });
});
