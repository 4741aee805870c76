import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 34: the edit dialog changes a product's billing period and its bandwidth, as the creation form sets them.

let database: TestDatabase;
let managerAuth: string;
beforeAll(async () => {
  database = await createTestDatabase();
  managerAuth = staffBearer((await buildStaff(database.db, 'manager')).id);
});
afterAll(() => database.destroy());

const app = () => createTestApp(database.db, { catalogTtlMs: 60_000 });
const patch = (shop: ReturnType<typeof app>, id: number, body: object) =>
  request(shop).patch(`/api/admin/products/${id}`).set('Authorization', managerAuth).send(body);
const stored = (id: number) => database.db('products').where({ id }).first();

describe('PATCH /api/admin/products/{id} billing period and bandwidth', () => {
  it('stores the months in ovh_duration and the bandwidth among the specs (the others kept); the shop shows both at once', async () => {
    const { id } = await buildProduct(database.db, { name: 'VPS Trimestriel' });
    const shop = app();
    await request(shop).get('/api/products').expect(200); // fills the cache
    const res = await patch(shop, id, { billing_months: 3, bandwidth: '500 Mbit/s' }).expect(200);
    expect(res.body.product).toMatchObject({ billing_months: 3, bandwidth: '500 Mbit/s' });

    const row = await stored(id);
    expect(row.ovh_duration).toBe('3');
    expect(row.config_products).toEqual({ ram: '4 Go', cores: 2, bandwidth: '500 Mbit/s' });
    const inShop = (await request(shop).get('/api/products').expect(200)).body.find((p: { id: number }) => p.id === id);
    expect(inShop).toMatchObject({ ovh_duration: '3', config_products: { ram: '4 Go', bandwidth: '500 Mbit/s' } });

    const audit = await database
      .db('audit_log')
      .where({ entity_type: 'product', entity_id: String(id), action: 'product.updated' })
      .first();
    expect(audit.before).toEqual({ billing_months: 1, bandwidth: '' });
    expect(audit.after).toEqual({ billing_months: 3, bandwidth: '500 Mbit/s' });
  });

  it('lists the stored period and bandwidth for the dialog; sending them unchanged writes nothing', async () => {
    const { id } = await buildProduct(database.db, {
      name: 'VPS Annuel',
      ovh_duration: '12',
      config_products: JSON.stringify({ ram: '8 Go', bandwidth: '1 Gbit/s' }),
    });
    const listed = await request(app()).get('/api/admin/products?q=VPS%20Annuel').set('Authorization', managerAuth).expect(200);
    expect(listed.body.products[0]).toMatchObject({ id, billing_months: 12, bandwidth: '1 Gbit/s' });
    const before = await stored(id);
    await patch(app(), id, { billing_months: 12, bandwidth: '1 Gbit/s' }).expect(200);
    expect((await stored(id)).updated_at).toEqual(before.updated_at);
  });

  it.each([
    ['a period the shop does not sell', { billing_months: 2 }, 'billing_months'],
    ['a bandwidth too long', { bandwidth: 'x'.repeat(31) }, 'bandwidth'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_case, body, field) => {
    const { id } = await buildProduct(database.db, { name: 'Intact' });
    const before = await stored(id);
    const res = await patch(app(), id, body).expect(400);
    expect(res.body.fields).toHaveProperty(field);
    expect(await stored(id)).toEqual(before);
  });
});
