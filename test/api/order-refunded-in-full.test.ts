import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buildSellableProduct, buyer, countRows, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 29 item 10: order #9, paid by PayPal and refunded in full to PayPal before any server was
// delivered, still read "En attente" with "Prendre" for staff, "Payée · en attente de mise en
// service" for its customer, and no mail told the customer. A full refund of an undelivered order
// now ends it (cancelled, reason refunded), and the customer reads and receives what came back.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const db = () => database.db;
const app = () => createTestApp(db());
const orderOf = (id: number) => db()('orders').where({ id }).first();
const stockOf = async (productId: number) => Number((await db()('products').where({ id: productId }).first()).stock);
const refund = (adminId: number, orderId: number, body: object) =>
  request(app()).post(`/api/admin/orders/${orderId}/refund`).set('Authorization', staffBearer(adminId)).send(body);
const staffQueue = (agentId: number) => request(app()).get('/api/admin/orders').set('Authorization', staffBearer(agentId)).expect(200);
const take = (agentId: number, orderId: number) =>
  request(app()).post(`/api/admin/orders/${orderId}/take`).set('Authorization', staffBearer(agentId)).send({});
const customerView = async (userId: number, orderId: number) =>
  (await request(app()).get(`/api/orders/${orderId}`).set('Authorization', bearer(userId)).expect(200)).body.order;
/** The order as staff read it in the customer's orders (Users) and in Billing's settled list. */
const staffViews = async (adminId: number, clientId: number, orderId: number) => {
  const staffGet = async (url: string) => (await request(app()).get(url).set('Authorization', staffBearer(adminId)).expect(200)).body;
  const byId = (orders: { id: number }[]) => orders.find((o) => o.id === orderId);
  return {
    usersOrder: byId((await staffGet(`/api/admin/users/${clientId}/orders`)).orders),
    billingOrder: byId((await staffGet('/api/admin/billing?filter=paid')).orders),
  };
};

/** A customer's order paid on the (sandbox) PayPal page: pending, waiting for an agent. */
async function paidByPaypal() {
  const client = await buyer(db());
  const product = await buildSellableProduct(db(), { price_cents: 1000, tax_rate: 20 });
  const res = await request(app())
    .post('/api/payment/create-order')
    .set('Authorization', bearer(client.id))
    .send({ items: [{ productId: product.id, qty: 1 }], amount: totalFor(product) })
    .expect(201);
  const orderId = res.body.order.id as number;
  const checkoutId = String(res.body.order.paypalUrl).split('/sandbox-checkout/')[1];
  await request(app()).post(`/api/sandbox/checkouts/${checkoutId}/pay`).expect(200);
  expect(await orderOf(orderId)).toMatchObject({ status: 'pending', payment_method: 'paypal' });
  return { client, product, orderId, total: totalFor(product) };
}

describe('a full refund of an order not delivered yet', () => {
  it('staff refund order paid by PayPal in full to PayPal: it ends, leaves the queue, cannot be taken, and the customer is told with the credit note', async () => {
    const admin = await buildStaff(db(), 'admin');
    const agent = await buildStaff(db(), 'support', { online: true });
    const { client, product, orderId, total } = await paidByPaypal();
    const stockBefore = await stockOf(product.id);
    expect((await staffQueue(agent.id)).body.orders.map((o: { id: number }) => o.id)).toContain(orderId);

    await refund(admin.id, orderId, { amount_cents: total, reason: 'Rupture de stock', to: 'payment' }).expect(200);

    expect(await orderOf(orderId)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'refunded',
      refunded_to: 'paypal',
      refunded_cents: total,
    });
    expect(await stockOf(product.id)).toBe(stockBefore + 1); // nothing delivered: the product is on sale again
    const [ended] = await db()('audit_log').where({ entity_type: 'order', entity_id: String(orderId), action: 'order.refunded_in_full' });
    expect(ended).toMatchObject({ actor_id: admin.id, before: { status: 'pending' }, after: { status: 'cancelled', to: 'paypal' } });

    // Staff: gone from the queue, and "Prendre" is refused.
    expect((await staffQueue(agent.id)).body.orders.map((o: { id: number }) => o.id)).not.toContain(orderId);
    expect((await take(agent.id, orderId).expect(409)).body.error).toBe('order_not_takeable');
    expect((await orderOf(orderId)).support_id).toBeNull();

    // The customer: a refunded order, with the amount and where it went.
    expect(await customerView(client.id, orderId)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'refunded',
      refund: { amount_cents: total, to: 'paypal' },
    });

    // One mail, in French, that says it and carries the credit note (not a second credit-note mail).
    const creditNote = await db()('billing_documents').where({ order_id: orderId, kind: 'credit_note' }).first();
    const mails = await db()('mail_outbox').where({ to_email: client.email }).whereIn('template', ['order_refunded', 'credit_note_issued']);
    expect(mails.map((m) => [m.template, m.attachment_document_id])).toEqual([['order_refunded', creditNote.id]]);
    expect(mails[0].subject).toBe(`Votre commande n° ${orderId} est annulée et remboursée`);
    const amount = (total / 100).toFixed(2).replace('.', ',');
    expect(mails[0].text_body).toContain(`${amount}\u00a0€ sur PayPal`);
    expect(mails[0].text_body).toContain(creditNote.number);
  });

  it('staff look up an order refunded in full: Users and Billing read it refunded, with the amount and destination', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { client, orderId, total } = await paidByPaypal();

    await refund(admin.id, orderId, { amount_cents: total, reason: 'Rupture de stock', to: 'payment' }).expect(200);

    const refunded = { status: 'cancelled', cancel_reason: 'refunded', refund: { amount_cents: total, to: 'paypal' } };
    expect(await staffViews(admin.id, client.id, orderId)).toMatchObject({ usersOrder: refunded, billingOrder: refunded });
  });

  it('a partial refund leaves the order waiting for its delivery, in the staff queue', async () => {
    const admin = await buildStaff(db(), 'admin');
    const agent = await buildStaff(db(), 'support', { online: true });
    const { client, orderId, total } = await paidByPaypal();

    await refund(admin.id, orderId, { amount_cents: total - 100, reason: 'Geste commercial', to: 'payment' }).expect(200);

    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', cancel_reason: null, refunded_to: null });
    expect((await staffQueue(agent.id)).body.orders.map((o: { id: number }) => o.id)).toContain(orderId);
    expect(await customerView(client.id, orderId)).toMatchObject({ status: 'pending', refund: null });
    const waiting = { status: 'pending', cancel_reason: null, refund: null };
    expect(await staffViews(admin.id, client.id, orderId)).toMatchObject({ usersOrder: waiting, billingOrder: waiting });
    expect(await countRows(db(), 'mail_outbox', { to_email: client.email, template: 'order_refunded' })).toBe(0);
  });

  it('the rest refunded later to the wallet ends it too, and says the money went to the wallet', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { client, orderId, total } = await paidByPaypal();
    await refund(admin.id, orderId, { amount_cents: 100, reason: 'Geste', to: 'payment' }).expect(200);

    await refund(admin.id, orderId, { amount_cents: total - 100, reason: 'Le reste' }).expect(200);

    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'refunded', refunded_to: 'wallet' });
    expect((await customerView(client.id, orderId)).refund).toEqual({ amount_cents: total, to: 'wallet' });
  });

  it('a delivered order refunded in full keeps its status: its server was handed over', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const [order] = await db()('orders')
      .insert({
        user_id: client.id,
        status: 'paid',
        paid_at: new Date(),
        delivered_at: new Date(),
        payment_method: 'card',
        subtotal_cents: 1000,
        tax_rate: 21,
        tax_cents: 210,
        total_cents: 1210,
      })
      .returning('*');

    await refund(admin.id, order.id, { amount_cents: 1210, reason: 'Panne' }).expect(200);

    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', cancel_reason: null, refunded_cents: 1210 });
    expect(await countRows(db(), 'mail_outbox', { to_email: client.email, template: 'order_refunded' })).toBe(0);
  });
});
