import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogApi } from '../../shared/contract/catalog';
import { createTestApp } from '../support/app';
import { buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Issue 34: GET /api/products?lng= answers in that language, each text falling back to French.

let database: TestDatabase;
let productId: number;
let untranslatedId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [category] = await db('categories')
    .insert({ name: 'Classique Linux test', position: 1, translations: JSON.stringify({ en: { name: 'Classic Linux test' } }) })
    .returning('*');
  const [sub] = await db('subcategories')
    .insert({ category_id: category.id, name: 'Réseau', translations: JSON.stringify({ nl: { name: 'Netwerk' }, pl: { name: 'Sieć' } }) })
    .returning('*');
  ({ id: productId } = await buildProduct(db, {
    name: 'Serveur RP 6 Go',
    description: 'Un serveur roleplay.',
    translations: JSON.stringify({
      nl: { name: 'RP-server 6 GB', description: 'Een roleplayserver.' },
      en: { name: 'RP server 6 GB' }, // no English description: the French one shows
    }),
    category_id: category.id,
    subcategory_id: sub.id,
    storage_type: 'NVMe',
    config_products: JSON.stringify({ ram: '6 Go', cores: 3, storage: '60 Go NVMe', traffic: 'Illimité', bandwidth: '500 Mbit/s' }),
  }));
  ({ id: untranslatedId } = await buildProduct(db, { name: 'Seulement en français', category_id: category.id }));
});
afterAll(() => database.destroy());

type Listed = {
  id: number;
  name: string;
  description: string;
  category_name: string;
  subcategory_name: string;
  category_key: string;
  subcategory_key: string;
  storage_type: string | null;
  config_products: Record<string, string | number>;
};
const find = (body: Listed[], id: number) => body.find((p) => p.id === id)!;

describe('GET /api/products?lng=', () => {
  it('answers in French without lng, with the French units and words', async () => {
    const res = await request(createTestApp(database.db)).get('/api/products').expect(200);
    expect(find(res.body, productId)).toMatchObject({
      name: 'Serveur RP 6 Go',
      description: 'Un serveur roleplay.',
      category_name: 'Classique Linux test',
      subcategory_name: 'Réseau',
      storage_type: 'NVMe',
      config_products: { ram: '6 Go', storage: '60 Go NVMe', traffic: 'Illimité', cores: 3 },
    });
  });

  it('answers in Dutch with the same shape: its names, units and words', async () => {
    const app = createTestApp(database.db);
    const fr = (await request(app).get('/api/products').expect(200)).body as Listed[];
    const res = await request(app).get('/api/products?lng=nl').expect(200);
    expect(catalogApi.products.response.safeParse(res.body).error).toBeUndefined();
    expect(res.body.map((p: Listed) => Object.keys(p).sort())).toEqual(fr.map((p) => Object.keys(p).sort()));
    expect(find(res.body, productId)).toMatchObject({
      name: 'RP-server 6 GB',
      description: 'Een roleplayserver.',
      category_name: 'Classique Linux test', // no Dutch name given: French
      subcategory_name: 'Netwerk',
      // The filter keys stay the French names in every language, so ?category= survives a switch.
      category_key: 'Classique Linux test',
      subcategory_key: 'Réseau',
      config_products: { ram: '6 GB', storage: '60 GB NVMe', traffic: 'Onbeperkt', bandwidth: '500 Mbit/s', cores: 3 },
    });
  });

  it('falls back to French text by text: a missing description, a product with no translation', async () => {
    const res = await request(createTestApp(database.db)).get('/api/products?lng=en').expect(200);
    expect(find(res.body, productId)).toMatchObject({
      name: 'RP server 6 GB',
      description: 'Un serveur roleplay.',
      category_name: 'Classic Linux test',
      subcategory_name: 'Réseau',
      config_products: { traffic: 'Unlimited' },
    });
    expect(find(res.body, untranslatedId)).toMatchObject({ name: 'Seulement en français', description: 'Un VPS de test' });
  });

  it('writes the Polish words and the default subcategory in Polish', async () => {
    const res = await request(createTestApp(database.db)).get('/api/products?lng=pl').expect(200);
    expect(find(res.body, productId).config_products.traffic).toBe('Bez limitu');
    expect(find(res.body, productId).subcategory_name).toBe('Sieć');
    expect(find(res.body, untranslatedId).subcategory_name).toBe('Bez podkategorii');
  });

  it('refuses a language the shop does not speak with 400 naming lng', async () => {
    const res = await request(createTestApp(database.db)).get('/api/products?lng=de').expect(400);
    expect(res.body.fields).toHaveProperty('lng');
  });

  it('keeps one cached list per language, each with its own ETag', async () => {
    const app = createTestApp(database.db);
    const fr = await request(app).get('/api/products').expect(200);
    const nl = await request(app).get('/api/products?lng=nl').expect(200);
    expect(nl.headers.etag).not.toBe(fr.headers.etag);
    // The Dutch list's ETag revalidates the Dutch list, never the French one.
    await request(app).get('/api/products?lng=nl').set('If-None-Match', String(nl.headers.etag)).expect(304);
    await request(app).get('/api/products').set('If-None-Match', String(nl.headers.etag)).expect(200);
    expect((await request(app).get('/api/products?lng=fr').expect(200)).headers.etag).toBe(fr.headers.etag);
  });

  it('shows a new translation in every language once the catalogue is invalidated', async () => {
    const { createCatalog } = await import('../../server/modules/catalog/catalog.service');
    const catalog = createCatalog(database.db, { ttlMs: 60_000 });
    const read = async (lng: 'pl') => find(JSON.parse((await catalog.productsSnapshot(lng)).body.toString()), untranslatedId).name;
    expect(await read('pl')).toBe('Seulement en français');
    await database
      .db('products')
      .where({ id: untranslatedId })
      .update({ translations: JSON.stringify({ pl: { name: 'Tylko po polsku' } }) });
    expect(await read('pl')).toBe('Seulement en français'); // still the cached list
    catalog.invalidate();
    expect(await read('pl')).toBe('Tylko po polsku');
  });
});
