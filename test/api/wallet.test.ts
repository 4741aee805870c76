import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// A customer pays an unpaid invoice from their wallet balance (refunds credit it, Billing issue 7).
// Every movement is a transaction row; the balance never goes below zero.

let database: TestDatabase;
let app: ReturnType<typeof createTestApp>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(db());
});
afterAll(() => database.destroy());

async function customer(walletCents: number, overrides: Record<string, unknown> = {}) {
  return buildAccount(db(), { wallet_cents: walletCents, email_verified_at: new Date(), ...overrides });
}

async function unpaidOrder(userId: number, totalCents = 1210, overrides: Record<string, unknown> = {}) {
  const subtotal = Math.round(totalCents / 1.21);
  const [order] = await db()('orders')
    .insert({
      user_id: userId,
      status: 'unpaid',
      subtotal_cents: subtotal,
      tax_rate: 21,
      tax_cents: totalCents - subtotal,
      total_cents: totalCents,
      ...overrides,
    })
    .returning('*');
  return order as { id: number };
}

const pay = (userId: number, orderId: number | string) =>
  request(app).post(`/api/orders/${orderId}/pay-with-wallet`).set('Authorization', bearer(userId));

describe('POST /api/orders/{id}/pay-with-wallet', () => {
  it('pays the invoice: balance taken, a debit row, the order settled with an invoice number and audited', async () => {
    const user = await customer(5000);
    const order = await unpaidOrder(user.id);
    const res = await pay(user.id, order.id).expect(200);
    expect(res.body).toMatchObject({ balance_cents: 3790, order: { id: order.id, status: 'pending', payment_method: 'wallet' } });
    expect(res.body.order.invoice_number).toMatch(/^\d{4}-\d+/);

    expect(await db()('users').where({ id: user.id }).first('wallet_cents')).toMatchObject({ wallet_cents: 3790 });
    const movements = await db()('wallet_transactions').where({ user_id: user.id });
    expect(movements).toMatchObject([
      { type: 'debit', amount_cents: -1210, order_id: order.id, description: 'Paiement de la facture #' + order.id },
    ]);
    const audit = await db()('audit_log')
      .where({ action: 'order.paid', entity_id: String(order.id) })
      .first();
    expect(audit.after).toMatchObject({ status: 'pending', source: 'wallet', walletCents: 3790 });

    const wallet = await request(app).get('/api/wallet').set('Authorization', bearer(user.id)).expect(200);
    expect(wallet.body).toMatchObject({
      balance_cents: 3790,
      currency: 'EUR',
      transactions: [{ type: 'debit', amount_cents: -1210, order_id: order.id }],
    });
  });

  it('refuses a balance too small with the amounts, and changes nothing', async () => {
    const user = await customer(1000);
    const order = await unpaidOrder(user.id);
    const res = await pay(user.id, order.id).expect(409);
    expect(res.body).toMatchObject({ error: 'insufficient_balance', balanceCents: 1000, totalCents: 1210 });
    expect(await db()('orders').where({ id: order.id }).first()).toMatchObject({ status: 'unpaid', invoice_number: null });
    expect(await db()('wallet_transactions').where({ user_id: user.id })).toHaveLength(0);
    expect(await db()('users').where({ id: user.id }).first('wallet_cents')).toMatchObject({ wallet_cents: 1000 });
  });

  it("answers 404 for another customer's invoice and touches neither wallet", async () => {
    const owner = await customer(0);
    const other = await customer(9000);
    const order = await unpaidOrder(owner.id);
    await pay(other.id, order.id).expect(404);
    await pay(other.id, 'abc').expect(404);
    expect(await db()('users').where({ id: other.id }).first('wallet_cents')).toMatchObject({ wallet_cents: 9000 });
    expect(await db()('orders').where({ id: order.id }).first()).toMatchObject({ status: 'unpaid' });
  });

  it('refuses an invoice already paid, one with a bank transfer announced, and one in another currency', async () => {
    const user = await customer(9000);
    const paid = await unpaidOrder(user.id, 1210, { status: 'pending', paid_at: new Date() });
    expect((await pay(user.id, paid.id).expect(409)).body.error).toBe('order_not_payable');
    const announced = await unpaidOrder(user.id, 1210, { payment_method: 'bank_transfer', transfer_announced_at: new Date() });
    expect((await pay(user.id, announced.id).expect(409)).body.error).toBe('transfer_announced');
    const dollars = await unpaidOrder(user.id, 1210, { currency: 'USD' });
    expect((await pay(user.id, dollars.id).expect(409)).body.error).toBe('wallet_currency');
    expect(await db()('users').where({ id: user.id }).first('wallet_cents')).toMatchObject({ wallet_cents: 9000 });
  });

  it('two invoices paid at once from a balance that covers one: one succeeds, the balance never goes negative', async () => {
    const user = await customer(1500);
    const first = await unpaidOrder(user.id);
    const second = await unpaidOrder(user.id);
    const answers = await Promise.all([pay(user.id, first.id), pay(user.id, second.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await db()('users').where({ id: user.id }).first('wallet_cents')).toMatchObject({ wallet_cents: 290 });
    expect(await db()('wallet_transactions').where({ user_id: user.id })).toHaveLength(1);
  });

  it('the same invoice paid twice at once is charged once', async () => {
    const user = await customer(5000);
    const order = await unpaidOrder(user.id);
    const answers = await Promise.all([pay(user.id, order.id), pay(user.id, order.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await db()('users').where({ id: user.id }).first('wallet_cents')).toMatchObject({ wallet_cents: 3790 });
  });

  it('needs a session', async () => {
    await request(app).post('/api/orders/1/pay-with-wallet').expect(401);
    await request(app).get('/api/wallet').expect(401);
  });
});

describe('POST /api/orders/{id}/pay-with-wallet with an id that cannot be an order', () => {
  it('404 for an id above 2147483647 or a malformed id, never 500; the balance is untouched', async () => {
    const user = await customer(5000);
    for (const id of ['2147483648', '99999999999999999999', 'abc', '12abc', '1e3', '-1', '0']) {
      const res = await pay(user.id, id);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
    }
    expect(Number((await db()('users').where({ id: user.id }).first()).wallet_cents)).toBe(5000);
    expect(await db()('wallet_transactions').where({ user_id: user.id })).toEqual([]);
  });
});
