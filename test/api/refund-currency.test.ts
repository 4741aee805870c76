import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentAdapters } from '../../server/providers/payments/index';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_JWT_SECRET, TEST_PUBLIC_URL, testConfig } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows, startCardCheckout, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { paymentJobs } from '../support/payment-jobs';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 15 item 8: a USD order refunded into an EUR wallet was credited as EUR. A wallet holds its
// customer's currency only; money paid in another goes back to the payment method, in its currency.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const db = () => database.db;
const app = () => createTestApp(db());
const refund = (adminId: number, orderId: number | string, body: object) =>
  request(app()).post(`/api/admin/orders/${orderId}/refund`).set('Authorization', staffBearer(adminId)).send(body);
const walletOf = async (userId: number) => Number((await db()('users').where({ id: userId }).first()).wallet_cents);

describe('POST /api/admin/orders/:id/refund: the currency of the money', () => {
  /** An order paid in USD on the (sandbox) card page by a customer whose wallet holds EUR. */
  async function paidInDollars(walletCents = 500) {
    const client = await buyer(db(), { wallet_cents: walletCents }); // currency EUR
    const product = await buildSellableProduct(db(), { currency: 'USD' });
    const { orderId, checkoutId } = await startCardCheckout(app(), client.id, cartBody(product));
    await request(app()).post(`/api/sandbox/checkouts/${checkoutId}/pay`).expect(200);
    const order = await db()('orders').where({ id: orderId }).first();
    expect(order).toMatchObject({ currency: 'USD', status: 'pending' });
    return { client, orderId, checkoutId, total: totalFor(product) };
  }

  it('a USD order is never credited to an EUR wallet: 409 refund_currency_mismatch, nothing changes', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { client, orderId } = await paidInDollars(500);

    const res = await refund(admin.id, orderId, { amount_cents: 300, reason: 'Panne' }).expect(409);

    expect(res.body).toMatchObject({
      error: 'refund_currency_mismatch',
      order_currency: 'USD',
      wallet_currency: 'EUR',
      payment_refund: true,
    });
    expect(await walletOf(client.id)).toBe(500);
    expect(await countRows(db(), 'wallet_transactions', { user_id: client.id })).toBe(0);
    expect(Number((await db()('orders').where({ id: orderId }).first()).refunded_cents)).toBe(0);
    expect(await countRows(db(), 'audit_log', { entity_type: 'order', entity_id: String(orderId), action: 'order.refunded' })).toBe(0);
  });

  it("to: 'payment' gives the USD back through the provider that took it, after the commit; the wallet is untouched", async () => {
    const admin = await buildStaff(db(), 'admin');
    const { client, orderId, checkoutId, total } = await paidInDollars(500);

    const res = await refund(admin.id, orderId, { amount_cents: 300, reason: 'Panne', to: 'payment' }).expect(200);

    expect(res.body).toEqual({ success: true, wallet_cents: 500 });
    expect(Number((await db()('orders').where({ id: orderId }).first()).refunded_cents)).toBe(300);
    const [row] = await db()('payment_refunds').where({ order_id: orderId });
    expect(row).toMatchObject({ provider: 'stripe', provider_payment_id: checkoutId, currency: 'USD', reason: 'staff', status: 'pending' });
    expect(Number(row.amount_cents)).toBe(300);
    expect(row.requested_by).toBe(admin.id);
    expect(await countRows(db(), 'sandbox_refunds', { checkout_id: checkoutId })).toBe(0); // nothing sent inside the transaction

    const adapters = createPaymentAdapters(testConfig(), { db: db(), publicUrl: TEST_PUBLIC_URL, jwtSecret: TEST_JWT_SECRET });
    await paymentJobs(db(), adapters).refundPayments(orderId);

    const sent = await db()('sandbox_refunds').where({ checkout_id: checkoutId });
    expect(sent.map((r) => [Number(r.amount_cents), r.currency])).toEqual([[300, 'USD']]);
    expect(await db()('payment_refunds').where({ id: row.id }).first()).toMatchObject({ status: 'refunded' });
    expect(await db()('payments').where({ order_id: orderId }).first()).toMatchObject({ status: 'partially_refunded' });
    const audit = await db()('audit_log').where({ entity_type: 'order', entity_id: String(orderId), action: 'payment.refunded' });
    expect(audit).toMatchObject([{ actor_id: admin.id, after: { amountCents: 300, currency: 'USD', reason: 'staff' } }]);
    expect(await walletOf(client.id)).toBe(500);
    expect(await countRows(db(), 'wallet_transactions', { user_id: client.id })).toBe(0);

    // The rest can follow; never more than was paid.
    await refund(admin.id, orderId, { amount_cents: total - 300, reason: 'Solde', to: 'payment' }).expect(200);
    expect((await refund(admin.id, orderId, { amount_cents: 1, reason: 'Encore', to: 'payment' }).expect(409)).body.error).toBe(
      'refund_exceeds_paid',
    );
  });

  it("to: 'payment' for an order paid from the wallet (no provider payment) is 409 refund_payment_unavailable", async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db(), { wallet_cents: 100_000 });
    const product = await buildSellableProduct(db());
    const { orderId } = await startCardCheckout(app(), client.id, cartBody(product));
    await request(app()).post(`/api/orders/${orderId}/pay-with-wallet`).set('Authorization', bearer(client.id)).expect(200);
    const res = await refund(admin.id, orderId, { amount_cents: 100, reason: 'Geste', to: 'payment' }).expect(409);
    expect(res.body.error).toBe('refund_payment_unavailable');
    expect(Number((await db()('orders').where({ id: orderId }).first()).refunded_cents)).toBe(0);
    expect(await countRows(db(), 'payment_refunds', { order_id: orderId })).toBe(0);
  });

  it('Billing lists which paid orders can go back through the provider: a card payment can, a wallet payment cannot', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { orderId: byCard } = await paidInDollars();
    const client = await buyer(db(), { wallet_cents: 100_000 });
    const { orderId: byWallet } = await startCardCheckout(app(), client.id, cartBody(await buildSellableProduct(db())));
    await request(app()).post(`/api/orders/${byWallet}/pay-with-wallet`).set('Authorization', bearer(client.id)).expect(200);

    const res = await request(app()).get('/api/admin/billing?filter=paid').set('Authorization', staffBearer(admin.id)).expect(200);
    const listed = new Map(
      (res.body.orders as { id: number; refundable_to_payment: boolean }[]).map((o) => [o.id, o.refundable_to_payment]),
    );
    expect([listed.get(byCard), listed.get(byWallet)]).toEqual([true, false]);
  });
});
