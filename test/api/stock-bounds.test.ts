import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows, startCardCheckout, type TestProduct } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { paidCardOrder } from '../support/paid-orders';

// Issue 29, finding 6: one bank-transfer order took a product's whole stock (5 units) for 5 days,
// and a few accounts kept it sold out. One customer's unpaid orders now hold at most 3 units of a
// product together; the 4th is a 409 that changes nothing (README, "Reservation times").

const PAYER = { accountIBAN: 'BE68539007547034', accountName: 'Camille Dubois' };

let database: TestDatabase;
let app: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database.db);
});
afterAll(() => database.destroy());

const db = () => database.db;
const stockOf = async (id: number) => Number((await db()('products').where({ id }).first('stock')).stock);
const placeBankTransfer = (userId: number, product: TestProduct, qty: number) =>
  request(app)
    .post('/api/checkout/bank-transfer')
    .set('Authorization', bearer(userId))
    .send({ ...cartBody(product, qty), ...PAYER });

describe('what one customer’s unpaid orders may reserve', () => {
  it('an attacker ordering the whole stock (5 units) by bank transfer gets 409 too_many_units_reserved; stock and orders untouched', async () => {
    const attacker = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 5 });
    const res = await placeBankTransfer(attacker.id, product, 5);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'too_many_units_reserved', productId: product.id, maxUnits: 3, heldUnits: 0 });
    expect(await stockOf(product.id)).toBe(5);
    expect(await countRows(db(), 'orders', { user_id: attacker.id })).toBe(0);
  });

  it('an attacker splitting the stock over several unpaid orders (3, then 2) gets the second refused: 2 units stay on sale', async () => {
    const attacker = await buyer(db());
    const customer = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 5 });
    await placeBankTransfer(attacker.id, product, 3).expect(201);
    const second = await placeBankTransfer(attacker.id, product, 2);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'too_many_units_reserved', heldUnits: 3 });
    // A card checkout counts too: the hold is the customer's, whatever the payment method.
    const card = await request(app).post('/api/checkout/stripe').set('Authorization', bearer(attacker.id)).send(cartBody(product, 1));
    expect(card.status).toBe(409);
    expect(await stockOf(product.id)).toBe(2);
    expect(await countRows(db(), 'orders', { user_id: attacker.id })).toBe(1);

    await placeBankTransfer(customer.id, product, 2).expect(201);
  });

  it('a customer buying a few servers is not held up: 3 of one offer and 3 of another, and more once an order is paid', async () => {
    const customer = await buyer(db());
    const [vps, gameServer] = [await buildSellableProduct(db()), await buildSellableProduct(db())];
    await placeBankTransfer(customer.id, vps, 3).expect(201);
    await placeBankTransfer(customer.id, gameServer, 3).expect(201);

    const other = await buyer(db());
    const product = await buildSellableProduct(db());
    expect((await paidCardOrder(app, db(), other.id, cartBody(product, 3))).status).not.toBe('unpaid');
    await startCardCheckout(app, other.id, cartBody(product, 3));
    expect(await stockOf(product.id)).toBe(4);
  });
});
