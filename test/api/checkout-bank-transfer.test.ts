import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidStructuredReference, orderTransferReference } from '../../shared/payments/structured-reference';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, createTestMailer, TEST_BANK } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';

let database: TestDatabase;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  responses.expectNoSecrets();
  await database.destroy();
});

const db = () => database.db;
const mailer = () => createTestMailer(database.db);
const app = (m = mailer()) => responses.record(createTestApp(database.db, { mailer: m }));
const PAYER = { accountIBAN: 'be68 5390 0754 7034', accountName: 'Camille Dubois' };

describe('POST /api/checkout/bank-transfer/validate-iban', () => {
  it('answers valid for a well-formed IBAN (spaces, lower case) and invalid with the locale key otherwise', async () => {
    const user = await buyer(db());
    const ok = await request(app())
      .post('/api/checkout/bank-transfer/validate-iban')
      .set('Authorization', bearer(user.id))
      .send({ accountIBAN: 'be68 5390 0754 7034' })
      .expect(200);
    expect(ok.body).toEqual({ valid: true, error: null });
    for (const accountIBAN of ['BE68539007547035', 'FR7630006000011234567890188X', 'hello']) {
      const bad = await request(app())
        .post('/api/checkout/bank-transfer/validate-iban')
        .set('Authorization', bearer(user.id))
        .send({ accountIBAN })
        .expect(200);
      expect(bad.body).toEqual({ valid: false, error: 'payment.ibanInvalid' });
    }
    const empty = await request(app())
      .post('/api/checkout/bank-transfer/validate-iban')
      .set('Authorization', bearer(user.id))
      .send({ accountIBAN: ' ' })
      .expect(400);
    expect(empty.body.fields).toEqual({ accountIBAN: ['payment.required'] });
  });
});

describe('POST /api/checkout/bank-transfer', () => {
  it('201: an unpaid order with the shop account and a structured reference tied to the order', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const res = await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({ ...cartBody(product), ...PAYER, userId: user.id })
      .expect(201);
    expect(res.body).toEqual({
      orderId: expect.any(Number),
      iban: TEST_BANK.iban,
      bic: TEST_BANK.bic,
      accountHolder: TEST_BANK.accountHolder,
      reference: orderTransferReference(res.body.orderId),
      amountCents: totalFor(product),
      currency: 'EUR',
      reservedUntil: expect.any(String), // the due date (order-reservations.test.ts)
    });
    expect(res.body.reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(isValidStructuredReference(res.body.reference)).toBe(true);
    const order = await db()('orders').where({ id: res.body.orderId }).first();
    expect(order).toMatchObject({
      status: 'unpaid',
      payment_method: 'bank_transfer',
      payer_name: 'Camille Dubois',
      payer_iban: 'BE68539007547034',
      transfer_reference: res.body.reference,
      transfer_announced_at: null,
    });
  });

  it('400 for an invalid IBAN or missing holder, 400 for a tampered total: nothing is created', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const orders = await countRows(db(), 'orders');
    const bad = await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({ ...cartBody(product), ...PAYER, accountIBAN: 'BE68539007547035' })
      .expect(400);
    expect(bad.body.fields).toEqual({ accountIBAN: ['payment.ibanInvalid'] });
    const noName = await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({ ...cartBody(product), ...PAYER, accountName: '' })
      .expect(400);
    expect(noName.body.fields).toEqual({ accountName: ['payment.required'] });
    await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({ ...cartBody(product, 1, { totalCents: 100 }), ...PAYER })
      .expect(400);
    expect(await countRows(db(), 'orders')).toBe(orders);
  });

  it('400 naming the field for a NUL byte in the body: nothing is created', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const res = await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({ ...cartBody(product), ...PAYER, accountName: 'Camille\u0000Dubois' })
      .expect(400);
    expect(res.body.fields).toEqual({ accountName: ['contains a NUL byte'] });
    expect(await countRows(db(), 'orders', { user_id: user.id })).toBe(0);
  });

  it('403 for an unverified account', async () => {
    const user = await buildAccount(db());
    const product = await buildSellableProduct(db());
    const res = await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({ ...cartBody(product), ...PAYER })
      .expect(403);
    expect(res.body.error).toBe('email_not_verified');
  });
});

describe('POST /api/checkout/bank-transfer/confirm', () => {
  it('records the declaration once, keeps the order unpaid, and mails the transfer details once', async () => {
    const user = await buyer(db(), { language: 'fr' });
    const product = await buildSellableProduct(db());
    const m = mailer();
    const created = await request(app(m))
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({ ...cartBody(product), ...PAYER })
      .expect(201);
    const { orderId, reference } = created.body;

    const confirm = () =>
      request(app(m))
        .post('/api/checkout/bank-transfer/confirm')
        .set('Authorization', bearer(user.id))
        .send({ orderId, userId: user.id, ...PAYER });
    expect((await confirm().expect(200)).body).toEqual({ success: true });
    await confirm().expect(200);
    await m.idle();

    const order = await db()('orders').where({ id: orderId }).first();
    expect(order.status).toBe('unpaid');
    expect(order.transfer_announced_at).not.toBeNull();
    const mails = await db()('mail_outbox').where({ to_email: user.email, template: 'bank_transfer_instructions' });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Vos instructions de virement pour la commande n° ${orderId}`);
    expect(mails[0].text_body).toContain(reference);
    expect(mails[0].text_body).toContain('BE71 0961 2345 6769');
    expect(mails[0].text_body).toContain('GKCCBEBB');
    const audits = await db()('audit_log').where({ entity_type: 'order', entity_id: String(orderId), action: 'order.transfer_announced' });
    expect(audits).toHaveLength(1);
  });

  it('an orderId above 2147483647 or malformed is 400 naming the field, never 500', async () => {
    const user = await buyer(db());
    for (const orderId of [2147483648, 'abc', 0]) {
      const res = await request(app())
        .post('/api/checkout/bank-transfer/confirm')
        .set('Authorization', bearer(user.id))
        .send({ orderId, ...PAYER });
      expect({ orderId, status: res.status, fields: res.body.fields }).toEqual({
        orderId,
        status: 400,
        fields: { orderId: ['checkout.errors.order'] },
      });
    }
  });

  it("404 for another customer's order, and nothing changes", async () => {
    const owner = await buyer(db());
    const other = await buyer(db());
    const product = await buildSellableProduct(db());
    const created = await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(owner.id))
      .send({ ...cartBody(product), ...PAYER })
      .expect(201);
    await request(app())
      .post('/api/checkout/bank-transfer/confirm')
      .set('Authorization', bearer(other.id))
      .send({ orderId: created.body.orderId, ...PAYER, accountName: 'Intrus' })
      .expect(404);
    const order = await db()('orders').where({ id: created.body.orderId }).first();
    expect(order).toMatchObject({ payer_name: 'Camille Dubois', transfer_announced_at: null });
  });
});
