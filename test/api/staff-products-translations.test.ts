import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { buildCategory, buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 34: staff give a product's Dutch, English and Polish texts; French stays required.

let database: TestDatabase;
let adminAuth: string;
let categoryId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  adminAuth = staffBearer((await buildStaff(database.db, 'admin')).id);
  categoryId = (await buildCategory(database.db, { name: 'Classique Linux' })).id;
});
afterAll(() => database.destroy());

const app = () => createTestApp(database.db, { catalogTtlMs: 60_000 });
let slug = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'VPS Linux Test',
  slug: `vps-traduit-${++slug}`,
  description: 'Un VPS de test.',
  price_cents: 1299,
  ram: '4 Go',
  cores: 2,
  storage: '80 Go NVMe',
  traffic: 'Illimité',
  stock: 5,
  category_id: categoryId,
  subcategory_id: null,
  image: 'vps-linux',
  ...overrides,
});
const productCount = async () => Number((await database.db('products').count({ n: '*' }))[0]?.n);

describe('POST /api/admin/create with translations', () => {
  it('stores the texts given, drops the empty ones, and the shop answers in each language at once', async () => {
    const shop = app();
    await request(shop).get('/api/products?lng=nl').expect(200); // fills the cache
    const body = form({
      translations: {
        nl: { name: 'VPS Linux Test NL', description: 'Een test-VPS.' },
        en: { name: '  ', description: '' },
        pl: { name: 'VPS Linux Test PL' },
      },
    });
    const res = await request(shop).post('/api/admin/create').set('Authorization', adminAuth).send(body).expect(201);
    const row = await database.db('products').where({ id: res.body.productId }).first();
    expect(row.translations).toEqual({
      nl: { name: 'VPS Linux Test NL', description: 'Een test-VPS.' },
      pl: { name: 'VPS Linux Test PL' },
    });
    // The type the storage line names, when the form does not say it.
    expect(row.storage_type).toBe('NVMe');

    const inDutch = (await request(shop).get('/api/products?lng=nl').expect(200)).body.find(
      (p: { id: number }) => p.id === res.body.productId,
    );
    expect(inDutch).toMatchObject({
      name: 'VPS Linux Test NL',
      description: 'Een test-VPS.',
      config_products: { ram: '4 GB', traffic: 'Onbeperkt' },
    });
    const inEnglish = (await request(shop).get('/api/products?lng=en').expect(200)).body.find(
      (p: { id: number }) => p.id === res.body.productId,
    );
    expect(inEnglish).toMatchObject({ name: 'VPS Linux Test', description: 'Un VPS de test.' });
  });

  it.each([
    ['French given as a translation', { fr: { name: 'Doublon' } }, 'translations'],
    ['a language the shop does not speak', { de: { name: 'Deutsch' } }, 'translations'],
    ['an unknown field', { nl: { title: 'Titel' } }, 'translations.nl'],
    ['a name too long', { en: { name: 'x'.repeat(201) } }, 'translations.en.name'],
  ])('refuses %s with 400 naming the field, and creates nothing', async (_case, translations, field) => {
    const before = await productCount();
    const res = await request(app()).post('/api/admin/create').set('Authorization', adminAuth).send(form({ translations })).expect(400);
    expect(Object.keys(res.body.fields).some((key) => key.startsWith(field))).toBe(true);
    expect(await productCount()).toBe(before);
  });

  it('still requires the French name: a Dutch one alone is refused', async () => {
    const res = await request(app())
      .post('/api/admin/create')
      .set('Authorization', adminAuth)
      .send(form({ name: '', translations: { nl: { name: 'Alleen Nederlands' } } }))
      .expect(400);
    expect(res.body.fields).toHaveProperty('name');
  });

  it('refuses a storage type that is not NVMe, SSD or HDD', async () => {
    const res = await request(app())
      .post('/api/admin/create')
      .set('Authorization', adminAuth)
      .send(form({ storage_type: 'Floppy' }))
      .expect(400);
    expect(res.body.fields).toHaveProperty('storage_type');
  });
});

describe('PATCH /api/admin/products/{id} translations', () => {
  it('replaces the translations whole, lists them for the back-office, and the shop shows French where one is removed', async () => {
    const manager = await buildStaff(database.db, 'manager');
    const { id } = await buildProduct(database.db, { name: 'Serveur', translations: JSON.stringify({ en: { name: 'Server' } }) });
    const shop = app();
    const patched = await request(shop)
      .patch(`/api/admin/products/${id}`)
      .set('Authorization', staffBearer(manager.id))
      .send({ translations: { nl: { name: 'Server NL' } }, storage_type: 'SSD' })
      .expect(200);
    expect(patched.body.product).toMatchObject({ translations: { nl: { name: 'Server NL' } }, storage_type: 'SSD' });
    const english = (await request(shop).get('/api/products?lng=en').expect(200)).body.find((p: { id: number }) => p.id === id);
    expect(english.name).toBe('Serveur');
    const dutch = (await request(shop).get('/api/products?lng=nl').expect(200)).body.find((p: { id: number }) => p.id === id);
    expect(dutch).toMatchObject({ name: 'Server NL', storage_type: 'SSD' });
  });

  it('refuses a translation in a language the shop does not speak, changing nothing', async () => {
    const manager = await buildStaff(database.db, 'manager');
    const { id } = await buildProduct(database.db, { name: 'Intact' });
    await request(app())
      .patch(`/api/admin/products/${id}`)
      .set('Authorization', staffBearer(manager.id))
      .send({ translations: { es: { name: 'Intacto' } } })
      .expect(400);
    expect((await database.db('products').where({ id }).first()).translations).toEqual({});
  });
});
