import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SUBCATEGORY_NAME } from '../../shared/constants';
import { catalogApi } from '../../shared/contract/catalog';
import { productSchema } from '../../shared/schemas/product';
import { createTestApp } from '../support/app';
import { buildCategory, buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('GET /api/products', () => {
  it('returns active products in the spec shape, sorted by category then price', async () => {
    const { db } = database;
    const games = await buildCategory(db, { name: 'Minecraft', position: 1 });
    const vps = await buildCategory(db, { name: 'Classique Linux', position: 2 });
    const [sub] = await db('subcategories').insert({ category_id: games.id, name: 'Vanilla' }).returning('*');
    await buildProduct(db, { name: 'VPS NVMe', category_id: vps.id, price_cents: 500, tax_rate: 21 });
    await buildProduct(db, {
      name: 'Minecraft 8 Go',
      category_id: games.id,
      subcategory_id: sub.id,
      price_cents: 1299,
      support_cents: 100,
      margin_cents: 50,
      stock: 3,
      config_products: JSON.stringify({ ram: '8 Go', cores: 4 }),
    });
    await buildProduct(db, { name: 'Minecraft 4 Go', category_id: games.id, price_cents: 699 });
    await buildProduct(db, { name: 'Retiré', category_id: games.id, is_active: false });

    const res = await request(createTestApp(db)).get('/api/products').expect(200);
    const ours = (res.body as { name: string; category_name: string }[]).filter((p) =>
      ['Minecraft', 'Classique Linux'].includes(p.category_name),
    );
    expect(ours.map((p) => p.name)).toEqual(['Minecraft 4 Go', 'Minecraft 8 Go', 'VPS NVMe']);
    // Served pre-serialised (no res.json), so the contract is checked here rather than by the answer check.
    expect(catalogApi.products.response.safeParse(res.body).error).toBeUndefined();

    const big = ours[1];
    expect(big).toMatchObject({
      price_cents: 1299,
      support_cents: 100,
      margin_cents: 50,
      tax_rate: 21,
      currency: 'EUR',
      stock: 3,
      category_name: 'Minecraft',
      subcategory_name: 'Vanilla',
      config_products: { ram: '8 Go', cores: 4 },
      ovh_duration: '1',
    });
    expect(ours[0]).toMatchObject({ name: 'Minecraft 4 Go', subcategory_name: DEFAULT_SUBCATEGORY_NAME });
  });

  // Builds its own product: it must not rely on an earlier test having filled the catalogue.
  it('sends only the presented fields, nothing internal', async () => {
    const { id } = await buildProduct(database.db, { name: 'Champs présentés' });
    const res = await request(createTestApp(database.db)).get('/api/products').expect(200);
    const product = (res.body as { id: number }[]).find((p) => p.id === id);
    expect(Object.keys(product ?? {}).sort()).toEqual(Object.keys(productSchema.shape).sort());
  });
});

describe('the catalogue cache', () => {
  it('answers 304 to a client that already has the current list', async () => {
    await buildProduct(database.db, { name: 'En cache' });
    const app = createTestApp(database.db);
    const first = await request(app).get('/api/products').expect(200);
    expect(first.headers.etag).toBeDefined();
    await request(app).get('/api/products').set('If-None-Match', String(first.headers.etag)).expect(304);
  });

  it('shows a product written on this instance as soon as the cache is invalidated', async () => {
    const { createCatalog } = await import('../../server/modules/catalog/catalog.service');
    const catalog = createCatalog(database.db, { ttlMs: 60_000 });
    const before = JSON.parse((await catalog.productsSnapshot()).body.toString());
    await buildProduct(database.db, { name: 'Nouveau VPS' });
    expect(JSON.parse((await catalog.productsSnapshot()).body.toString())).toHaveLength(before.length);
    catalog.invalidate();
    const after = JSON.parse((await catalog.productsSnapshot()).body.toString());
    expect(after.map((p: { name: string }) => p.name)).toContain('Nouveau VPS');
  });

  it('shows another instance’s writes once the short cache time has passed', async () => {
    const app = createTestApp(database.db, { catalogTtlMs: 1_000 });
    const before = (await request(app).get('/api/products')).body.length;
    await buildProduct(database.db, { name: 'Écrit ailleurs' });
    expect((await request(app).get('/api/products')).body).toHaveLength(before);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await request(app).get('/api/products')).body).toHaveLength(before + 1);
  });
});
