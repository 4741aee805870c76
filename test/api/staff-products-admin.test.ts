import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buildCategory, buildProduct } from '../support/builders';
import { buildSellableProduct, buyer, cartBody, countRows, startCardCheckout } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// Back-office category 3 "Produits": GET /api/admin/products and PATCH /api/admin/products/{id}.

let database: TestDatabase;
let manager: { id: number };
beforeAll(async () => {
  database = await createTestDatabase();
  manager = await buildStaff(database.db, 'manager');
});
afterAll(() => database.destroy());

// One app with a long catalogue cache, as in production: edits must show in the shop anyway (invalidation).
let app: ReturnType<typeof createTestApp> | undefined;
const shop = () => (app ??= createTestApp(database.db, { catalogTtlMs: 60_000 }));

const list = (query: Record<string, string | number> = {}, who = manager.id) =>
  request(shop()).get('/api/admin/products').query(query).set('Authorization', staffBearer(who));
const patch = (id: number, body: unknown, who = manager.id) =>
  request(shop())
    .patch(`/api/admin/products/${id}`)
    .set('Authorization', staffBearer(who))
    .send(body as object);
const shopProducts = async () =>
  (await request(shop()).get('/api/products').expect(200)).body as { id: number; price_cents: number; stock: number; name: string }[];
const productRow = (id: number) => database.db('products').where({ id }).first();
const auditsOf = (id: number) =>
  database
    .db('audit_log')
    .where({ action: 'product.updated', entity_id: String(id) })
    .orderBy('id');

describe('GET /api/admin/products', () => {
  it('200 {products, next, hasMore}: the fields staff edit, with the category name; search by name or slug', async () => {
    const category = await buildCategory(database.db, { name: 'Gaming' });
    const product = await buildProduct(database.db, {
      name: 'Serveur Minecraft Zeta',
      slug: 'minecraft-zeta',
      category_id: category.id,
      price_cents: 1500,
      support_cents: 200,
      margin_cents: 100,
      tax_rate: 6,
      stock: 3,
    });
    const res = await list({ q: 'zeta minecraft' }).expect(200);
    expect(res.body).toEqual({ products: [], next: null, hasMore: false }); // the words must follow each other as in the name or slug
    const byName = await list({ q: 'Minecraft Z' }).expect(200);
    expect(byName.body).toEqual({
      next: null,
      hasMore: false,
      products: [
        {
          id: product.id,
          name: 'Serveur Minecraft Zeta',
          slug: 'minecraft-zeta',
          category_id: category.id,
          category_name: 'Gaming',
          subcategory_id: null,
          subcategory_name: null,
          image: 'server',
          price_cents: 1500,
          support_cents: 200,
          margin_cents: 100,
          tax_rate: 6,
          currency: 'EUR',
          stock: 3,
          is_active: true,
          description: 'Un VPS de test',
          translations: {},
          storage_type: null,
          billing_months: 1,
          bandwidth: '',
          updated_at: expect.any(String),
          service_kind: 'vps',
          delivery: { mode: 'manual' },
          os_choices: [],
          variants: [],
        },
      ],
    });
    expect((await list({ q: 'ZETA' }).expect(200)).body.products.map((p: { id: number }) => p.id)).toEqual([product.id]);
    expect((await list({ q: 'craft-z' }).expect(200)).body.products.map((p: { id: number }) => p.id)).toEqual([product.id]);
  });

  it("'%' and '_' are letters in the search, not wildcards", async () => {
    await buildProduct(database.db, { name: 'Offre 100% SSD' });
    await buildProduct(database.db, { name: 'Offre 1000 SSD' });
    const names = (await list({ q: '100%' }).expect(200)).body.products.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Offre 100% SSD']);
  });

  it('pages by 50 in name order by keyset: each page starts after the last product of the one before', async () => {
    const tag = `paging-${Date.now()}`;
    const category = await buildCategory(database.db);
    for (let i = 0; i < 55; i += 1)
      await buildProduct(database.db, { name: `${tag} ${String(i).padStart(2, '0')}`, category_id: category.id });
    // Two of the same name: the id tells them apart, neither is skipped nor repeated.
    const twins = [
      await buildProduct(database.db, { name: `${tag} 49`, category_id: category.id }),
      await buildProduct(database.db, { name: `${tag} 49`, category_id: category.id }),
    ];
    const first = await list({ q: tag }).expect(200);
    expect(first.body.products).toHaveLength(50);
    expect(first.body).toMatchObject({ hasMore: true, next: first.body.products[49].id });
    expect(first.body.products[0].name).toBe(`${tag} 00`);
    const second = await list({ q: tag, after: first.body.next }).expect(200);
    expect(second.body.products.map((p: { name: string }) => p.name)).toEqual([49, 49, 50, 51, 52, 53, 54].map((i) => `${tag} ${i}`));
    expect(second.body.products.slice(0, 2).map((p: { id: number }) => p.id)).toEqual(twins.map((p) => p.id));
    expect(second.body).toMatchObject({ next: null, hasMore: false });
    const small = await list({ q: tag, limit: 2, after: first.body.products[48].id }).expect(200);
    expect(small.body.products.map((p: { id: number }) => p.id)).toEqual([first.body.products[49].id, twins[0]!.id]);
  });

  it('lists the active products by default and the archived ones with archived=true', async () => {
    const active = await buildProduct(database.db, { name: 'Archive test actif' });
    const archived = await buildProduct(database.db, { name: 'Archive test ancien', is_active: false });
    const ids = async (query: Record<string, string>) =>
      (await list({ q: 'Archive test', ...query }).expect(200)).body.products.map((p: { id: number }) => p.id);
    expect(await ids({})).toEqual([active.id]);
    expect(await ids({ archived: 'false' })).toEqual([active.id]);
    expect(await ids({ archived: 'true' })).toEqual([archived.id]);
  });

  it('400 on a bad query (a cursor that is no id, a page over 50, archived=yes)', async () => {
    expect((await list({ after: 0 }).expect(400)).body.fields).toHaveProperty('after');
    expect((await list({ after: 'x' }).expect(400)).body.fields).toHaveProperty('after');
    expect((await list({ limit: 51 }).expect(400)).body.fields).toHaveProperty('limit');
    expect((await list({ archived: 'yes' }).expect(400)).body.fields).toHaveProperty('archived');
  });

  it('support gets 403 forbidden_role; an admin gets the list', async () => {
    const support = await buildStaff(database.db, 'support', { online: true });
    expect((await list({}, support.id).expect(403)).body.error).toBe('forbidden_role');
    const admin = await buildStaff(database.db, 'admin');
    await list({}, admin.id).expect(200);
  });
});

describe('PATCH /api/admin/products/{id}', () => {
  it.each([
    ['name', 'Nouveau nom'],
    ['description', 'Nouvelle description'],
    ['price_cents', 2499],
    ['support_cents', 0],
    ['margin_cents', 350],
    ['tax_rate', 6],
    ['stock', 0],
  ])('200 {product}: changes %s, audited with its before and after only, shown by the shop at once', async (field, value) => {
    const product = await buildProduct(database.db, {
      name: 'Édition',
      price_cents: 1000,
      support_cents: 150,
      margin_cents: 50,
      tax_rate: 21,
      stock: 4,
    });
    const beforeRow = await productRow(product.id);
    await shopProducts(); // fills the catalogue cache

    const res = await patch(product.id, { [field]: value }).expect(200);
    expect(res.body.product).toMatchObject({ id: product.id, [field]: value });

    const row = await productRow(product.id);
    expect(field === 'tax_rate' ? Number(row.tax_rate) : row[field]).toEqual(value);
    const untouched = ['name', 'description', 'price_cents', 'support_cents', 'margin_cents', 'stock', 'slug'].filter((f) => f !== field);
    for (const f of untouched) expect(row[f]).toEqual(beforeRow[f]);

    const audits = await auditsOf(product.id);
    expect(audits).toHaveLength(1);
    const stored = field === 'tax_rate' ? Number(beforeRow.tax_rate) : beforeRow[field];
    expect(audits[0]).toMatchObject({
      actor_id: manager.id,
      entity_type: 'product',
      before: { [field]: stored },
      after: { [field]: value },
    });

    // Every field Produits edits is one the shop shows (spec §3 "Product"): the new value is there at once.
    const shown = (await shopProducts()).find((p) => p.id === product.id) as Record<string, unknown> | undefined;
    expect(shown).toHaveProperty(field);
    expect(field === 'tax_rate' ? Number(shown?.[field]) : shown?.[field]).toEqual(value);
  });

  it('several fields at once; a field sent with its stored value is neither written nor audited', async () => {
    const product = await buildProduct(database.db, { price_cents: 1000, stock: 4 });
    await patch(product.id, { price_cents: 1000, stock: 9 }).expect(200);
    const [audit] = await auditsOf(product.id);
    expect(audit.before).toEqual({ stock: 4 });
    expect(audit.after).toEqual({ stock: 9 });

    const res = await patch(product.id, { price_cents: 1000, stock: 9 }).expect(200);
    expect(res.body.product).toMatchObject({ price_cents: 1000, stock: 9 });
    expect(await auditsOf(product.id)).toHaveLength(1);
  });

  it('archive (is_active false) takes the product out of the shop at once; restore puts it back', async () => {
    const product = await buildProduct(database.db, { name: 'À archiver' });
    expect((await shopProducts()).some((p) => p.id === product.id)).toBe(true);

    expect((await patch(product.id, { is_active: false }).expect(200)).body.product.is_active).toBe(false);
    expect((await shopProducts()).some((p) => p.id === product.id)).toBe(false);
    expect((await list({ q: 'À archiver', archived: 'true' }).expect(200)).body.products).toHaveLength(1);

    await patch(product.id, { is_active: true }).expect(200);
    expect((await shopProducts()).some((p) => p.id === product.id)).toBe(true);
    const audits = await auditsOf(product.id);
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ is_active: true }, { is_active: false }],
      [{ is_active: false }, { is_active: true }],
    ]);
  });

  it('an archived product cannot be bought (the checkout reads is_active too)', async () => {
    const product = await buildSellableProduct(database.db);
    await patch(product.id, { is_active: false }).expect(200);
    const customer = await buyer(database.db);
    const res = await request(shop()).post('/api/checkout/stripe').set('Authorization', bearer(customer.id)).send(cartBody(product));
    expect([res.status, res.body.error]).toEqual([409, 'product_unavailable']);
  });

  it('past orders keep the price they were placed with', async () => {
    const product = await buildSellableProduct(database.db, { price_cents: 1299 });
    const customer = await buyer(database.db);
    const { orderId } = await startCardCheckout(shop(), customer.id, cartBody(product));
    const order = await database.db('orders').where({ id: orderId }).first();

    await patch(product.id, { price_cents: 5000, support_cents: 0, tax_rate: 6 }).expect(200);
    expect(await database.db('orders').where({ id: orderId }).first()).toMatchObject({
      total_cents: order.total_cents,
      subtotal_cents: order.subtotal_cents,
    });
    expect(await database.db('order_lines').where({ order_id: orderId }).first()).toMatchObject({
      price_cents: 1299,
      support_cents: product.support_cents,
    });
  });

  it.each([
    ['an empty body', {}],
    ['a price of 0', { price_cents: 0 }],
    ['a negative stock', { stock: -1 }],
    ['a fractional stock', { stock: 1.5 }],
    ['cents as a string', { price_cents: '1000' }],
    ['a tax rate over 100', { tax_rate: 101 }],
    ['a negative margin', { margin_cents: -5 }],
    ['an empty name', { name: '  ' }],
    ['is_active as text', { is_active: 'false' }],
    ['a field that cannot be edited here', { slug: 'autre-slug' }],
    ['a good field with a bad one', { stock: 3, price_cents: -1 }],
  ])('400 validation_error with field details for %s, nothing changed', async (_case, body) => {
    const product = await buildProduct(database.db, { price_cents: 1000, stock: 4 });
    const before = await productRow(product.id);
    const res = await patch(product.id, body).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields ?? {}).length).toBeGreaterThan(0);
    expect(await productRow(product.id)).toEqual(before);
    expect(await auditsOf(product.id)).toHaveLength(0);
  });

  it('404 product_not_found for an unknown id; 404 for a non-numeric or out-of-range one', async () => {
    const audits = await countRows(database.db, 'audit_log');
    expect((await patch(999_999, { stock: 1 }).expect(404)).body.error).toBe('product_not_found');
    expect((await patch(Number.NaN, { stock: 1 }).expect(404)).body.error).toBe('not_found');
    expect((await patch(2_147_483_648, { stock: 1 }).expect(404)).body.error).toBe('not_found');
    expect(await countRows(database.db, 'audit_log')).toBe(audits);
  });

  it('support gets 403 forbidden_role and changes nothing', async () => {
    const product = await buildProduct(database.db, { stock: 4 });
    const support = await buildStaff(database.db, 'support', { online: true });
    expect((await patch(product.id, { stock: 0 }, support.id).expect(403)).body.error).toBe('forbidden_role');
    expect((await productRow(product.id)).stock).toBe(4);
  });
});
