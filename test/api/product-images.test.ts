import { readFileSync, statSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../seeds/catalog';
import { PRODUCT_IMAGES } from '../../shared/catalog/product-images';
import { DEFAULT_SUBCATEGORY_NAME } from '../../shared/constants';
import { createTestApp } from '../support/app';
import { buildCategory, buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 17: every product shows one of the shop's illustrations; the back-office chooses category,
// subcategory and image from what exists, and the server refuses anything else.

let database: TestDatabase;
let admin: { id: number };
beforeAll(async () => {
  database = await createTestDatabase();
  admin = await buildStaff(database.db, 'admin');
});
afterAll(() => database.destroy());

let app: ReturnType<typeof createTestApp> | undefined;
const shop = () => (app ??= createTestApp(database.db, { catalogTtlMs: 60_000 }));
const shopProducts = async () =>
  (await request(shop()).get('/api/products').expect(200)).body as {
    id: number;
    slug: string;
    image_url: string;
    subcategory_name: string;
  }[];
const publicFile = (url: string) => new URL(`../../client/public${url}`, import.meta.url);

let slugCounter = 0;
const create = (overrides: Record<string, unknown>) =>
  request(shop())
    .post('/api/admin/create')
    .set('Authorization', staffBearer(admin.id))
    .send({ name: 'Serveur test', slug: `serveur-image-${++slugCounter}`, price_cents: 999, os: 'Debian 12', stock: 3, ...overrides });
const patch = (id: number, body: object) =>
  request(shop()).patch(`/api/admin/products/${id}`).set('Authorization', staffBearer(admin.id)).send(body);

async function gamesCategory() {
  const category = await buildCategory(database.db, { name: `Minecraft ${++slugCounter}` });
  const [vanilla] = await database.db('subcategories').insert({ category_id: category.id, name: 'Vanilla' }).returning('*');
  return { category, vanilla: vanilla as { id: number } };
}

describe('the catalogue answer', () => {
  it('every seeded product has an illustration of its category, served by the shop, light and with its size', async () => {
    await seedCatalog(database.db);
    const products = await shopProducts();
    expect(products.length).toBeGreaterThan(10);
    for (const product of products) {
      expect(product.image_url).toMatch(/^\/images\/products\/[a-z-]+\.svg$/);
      const file = publicFile(product.image_url);
      expect(statSync(file).size).toBeLessThan(4096);
      expect(readFileSync(file, 'utf8')).toMatch(/<svg[^>]* width="320" height="200"/);
    }
    const bySlug = new Map(products.map((p) => [p.slug, p.image_url]));
    expect(bySlug.get('minecraft-survie-2go')).toBe('/images/products/minecraft.svg');
    expect(bySlug.get('fivem-rp-pro')).toBe('/images/products/fivem.svg');
    expect(bySlug.get('gmod-sandbox-3go')).toBe('/images/products/garrys-mod.svg');
    expect(bySlug.get('vps-linux-nvme-pro')).toBe('/images/products/vps-linux.svg');
    expect(bySlug.get('vps-windows-standard')).toBe('/images/products/vps-windows.svg');
  });

  it('every illustration the forms offer exists', () => {
    for (const image of PRODUCT_IMAGES) expect(statSync(publicFile(`/images/products/${image}.svg`)).isFile()).toBe(true);
  });
});

describe('GET /api/admin/categories', () => {
  it('lists each category with its own subcategories; support may not', async () => {
    const { category, vanilla } = await gamesCategory();
    const res = await request(shop()).get('/api/admin/categories').set('Authorization', staffBearer(admin.id)).expect(200);
    const found = res.body.categories.find((c: { id: number }) => c.id === category.id);
    expect(found).toEqual({ id: category.id, name: category.name, subcategories: [{ id: vanilla.id, name: 'Vanilla' }] });
    const support = await buildStaff(database.db, 'support');
    await request(shop()).get('/api/admin/categories').set('Authorization', staffBearer(support.id)).expect(403);
  });
});

describe('POST /api/admin/create: category, subcategory, image', () => {
  it('stores the chosen subcategory and image, and the shop shows them', async () => {
    const { category, vanilla } = await gamesCategory();
    const res = await create({ category_id: category.id, subcategory_id: vanilla.id, image: 'vps-windows' }).expect(201);
    expect(await database.db('products').where({ id: res.body.productId }).first()).toMatchObject({
      category_id: category.id,
      subcategory_id: vanilla.id,
      image: 'vps-windows',
    });
    const shown = (await shopProducts()).find((p) => p.id === res.body.productId);
    expect(shown).toMatchObject({ image_url: '/images/products/vps-windows.svg', subcategory_name: 'Vanilla' });
  });

  it('without an image, the category’s illustration; "Sans sous-catégorie" only when chosen (null)', async () => {
    const { category } = await gamesCategory();
    const res = await create({ category_id: category.id, subcategory_id: null }).expect(201);
    const shown = (await shopProducts()).find((p) => p.id === res.body.productId);
    expect(shown).toMatchObject({ image_url: '/images/products/minecraft.svg', subcategory_name: DEFAULT_SUBCATEGORY_NAME });
  });

  it.each([
    ['image', { image: 'https://example.com/logo.png' }],
    ['image', { image: 'dragon' }],
    ['category_id', { category_id: 999_999, subcategory_id: null }],
    ['subcategory_id', { subcategory_id: 999_999 }],
  ])('400 with field %s for %j, nothing written', async (field, overrides) => {
    const before = await database.db('products').count({ n: '*' });
    const res = await create(overrides).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(await database.db('products').count({ n: '*' })).toEqual(before);
  });

  it('400 on subcategory_id when it belongs to another category', async () => {
    const { category } = await gamesCategory();
    const other = await gamesCategory();
    const res = await create({ category_id: category.id, subcategory_id: other.vanilla.id }).expect(400);
    expect(res.body.fields.subcategory_id).toEqual(['Cette sous-catégorie n’appartient pas à la catégorie choisie.']);
  });
});

describe('PATCH /api/admin/products/{id}: category, subcategory, image', () => {
  it('changes the image and moves the product, audited, in the shop at once', async () => {
    const product = await buildProduct(database.db);
    await shopProducts(); // fills the catalogue cache
    const { category, vanilla } = await gamesCategory();
    const res = await patch(product.id, { image: 'fivem', category_id: category.id, subcategory_id: vanilla.id }).expect(200);
    expect(res.body.product).toMatchObject({
      image: 'fivem',
      category_id: category.id,
      subcategory_id: vanilla.id,
      subcategory_name: 'Vanilla',
    });
    const audit = await database
      .db('audit_log')
      .where({ action: 'product.updated', entity_id: String(product.id) })
      .first();
    expect(audit.after).toEqual({ image: 'fivem', category_id: category.id, subcategory_id: vanilla.id });
    const shown = (await shopProducts()).find((p) => p.id === product.id);
    expect(shown).toMatchObject({ image_url: '/images/products/fivem.svg', subcategory_name: 'Vanilla' });
  });

  it.each([
    ['image', () => ({ image: '../../etc/passwd' })],
    ['subcategory_id', () => ({ category_id: 1 })], // a category without its subcategory choice
    ['category_id', () => ({ category_id: 999_999, subcategory_id: null })],
    ['subcategory_id', () => ({ subcategory_id: 999_999, category_id: 1 })],
  ])('400 with field %s, nothing changed', async (field, body) => {
    const product = await buildProduct(database.db);
    const before = await database.db('products').where({ id: product.id }).first();
    const res = await patch(product.id, body()).expect(400);
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(await database.db('products').where({ id: product.id }).first()).toEqual(before);
  });
});
