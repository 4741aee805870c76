import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/constants';
import { createMovableClock } from '../../server/clock/clock';
import { transitionOrder } from '../../server/modules/orders/order-lifecycle';
import { OrderTransitionRefused } from '../../server/modules/orders/order-lifecycle.errors';
import { CHANGE_RULES, type ChangeEvent, type CreationEvent } from '../../server/modules/orders/order-transitions';
import { lockOrder, type OrderRow } from '../../server/modules/orders/orders.repo';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_BANK, TEST_SELLER, testLogger } from '../support/app';
import { createJobQueue } from '../../server/jobs/job-queue';
import { createDocumentIssuer } from '../../server/modules/invoices/document-issuer';
import { buildAvailableVps } from '../support/builders';
import { buyer, buildSellableProduct, cartBody, countRows, startCardCheckout } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// The order lifecycle (DESIGN.md §6) on a real database: every event against every status, through
// the one function that changes an order, then through the endpoints that call it, then the clock
// the app is given dating payment and delivery.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});
const db = () => database.db;

// Written out by hand: the status each event leads to from the statuses it is allowed in.
const ALLOWED: Record<ChangeEvent, Partial<Record<OrderStatus, OrderStatus>>> = {
  paid: { unpaid: 'pending' },
  taken: { pending: 'in_progress' },
  released: { in_progress: 'pending' },
  delivered: { pending: 'paid', in_progress: 'paid' },
  cancelled: { unpaid: 'cancelled', pending: 'cancelled', in_progress: 'cancelled' },
  reservation_expired: { unpaid: 'cancelled' },
  cancelled_by_customer: { unpaid: 'cancelled' },
  refunded_in_full: { pending: 'cancelled', in_progress: 'cancelled' },
  refunded: { pending: 'pending', in_progress: 'in_progress', paid: 'paid', cancelled: 'cancelled' },
  suspended: { paid: 'paid' },
  terminated: { paid: 'paid' },
};

// The column each event dates, and the columns it empties.
const STAMP: Partial<Record<ChangeEvent, keyof OrderRow>> = {
  paid: 'paid_at',
  taken: 'taken_at',
  delivered: 'delivered_at',
  cancelled: 'cancelled_at',
  reservation_expired: 'cancelled_at',
  cancelled_by_customer: 'cancelled_at',
  refunded_in_full: 'cancelled_at',
};

const PAID_AT = new Date('2029-06-01T08:00:00Z');

/** An order in `status` as the app leaves it: money received from pending on, an agent holding in_progress. */
async function orderIn(status: OrderStatus, agentId: number, clientId: number): Promise<OrderRow> {
  const [row] = await db()('orders')
    .insert({
      user_id: clientId,
      status,
      subtotal_cents: 1000,
      tax_rate: 21,
      tax_cents: 210,
      total_cents: 1210,
      paid_at: status === 'unpaid' ? null : PAID_AT, // a cancelled one had been paid: refundable
      support_id: status === 'in_progress' ? agentId : null,
      payment_url: status === 'unpaid' ? 'https://pay.example.test/x' : null,
    })
    .returning('*');
  return row as OrderRow;
}

const buildVps = (fields: Record<string, unknown> = {}) => buildAvailableVps(db(), fields);

const orderRow = (id: number) => db()<OrderRow>('orders').where({ id }).first();
const orderAudit = (id: number) =>
  db()('audit_log')
    .where({ entity_type: 'order', entity_id: String(id) })
    .orderBy('id');

describe('every event against every status, through transitionOrder', () => {
  const clock = createMovableClock(new Date('2030-02-10T12:00:00Z'));
  let agent: { id: number };
  let client: { id: number };
  beforeAll(async () => {
    agent = await buildStaff(db(), 'support');
    client = await buyer(db());
  });

  /** Locked row for every event, as the app's callers do; 'taken' by a conditional UPDATE, as the take endpoint does. */
  const apply = (order: OrderRow, event: ChangeEvent) =>
    db().transaction(async (trx) =>
      event === 'taken'
        ? transitionOrder(trx, { orderId: order.id, event, actor: agent.id, clock, set: { support_id: agent.id } })
        : transitionOrder(trx, {
            order: (await lockOrder(trx, order.id))!,
            event,
            actor: agent.id,
            clock,
            // What the document-issuing events need (the others ignore them).
            documents: createDocumentIssuer({ seller: TEST_SELLER, bank: TEST_BANK, jobs: createJobQueue(db(), testLogger()) }),
            credit: { amountCents: 100, reason: 'test', to: 'wallet' },
          }),
    );

  for (const event of Object.keys(ALLOWED) as ChangeEvent[]) {
    for (const status of ORDER_STATUSES) {
      const to = ALLOWED[event][status];
      if (to) {
        it(`${event} from ${status}: ${to}, dated by the clock, one audit row`, async () => {
          clock.advance({ minutes: 1 });
          const order = await orderIn(status, agent.id, client.id);
          const { order: changed, from } = await apply(order, event);
          expect(from).toBe(status);
          const row = (await orderRow(order.id))!;
          expect(row.status).toBe(to);
          expect(changed.status).toBe(to);
          expect(row.updated_at.toISOString()).toBe(clock.now().toISOString());
          const stamp = STAMP[event];
          expect(stamp ? (row[stamp] as Date).toISOString() : 'no date column').toBe(stamp ? clock.now().toISOString() : 'no date column');
          const audits = await orderAudit(order.id);
          expect(audits).toHaveLength(1);
          expect(audits[0]).toMatchObject({
            action: CHANGE_RULES[event].action,
            actor_id: agent.id,
            before: { status },
            after: { status: to },
          });
        });
      } else {
        it(`${event} from ${status}: 409 ${CHANGE_RULES[event].refusal}, nothing written`, async () => {
          const order = await orderIn(status, agent.id, client.id);
          const error = await apply(order, event).then(
            () => null,
            (err: unknown) => err,
          );
          expect(error).toBeInstanceOf(OrderTransitionRefused);
          expect(error).toMatchObject({ status: 409, code: CHANGE_RULES[event].refusal, event, from: status });
          expect(await orderRow(order.id)).toEqual(order);
          expect(await orderAudit(order.id)).toHaveLength(0);
        });
      }
    }
  }

  it('refuses a refund of a cancelled order that never received money, and a take of a pending order an agent holds', async () => {
    const [cancelled] = await db()('orders')
      .where({ id: (await orderIn('cancelled', agent.id, client.id)).id })
      .update({ paid_at: null })
      .returning('*');
    await expect(apply(cancelled as OrderRow, 'refunded')).rejects.toMatchObject({ status: 409, code: 'order_not_paid' });
    const held = await db()('orders')
      .where({ id: (await orderIn('pending', agent.id, client.id)).id })
      .update({ support_id: agent.id })
      .returning('*');
    await expect(apply(held[0] as OrderRow, 'taken')).rejects.toMatchObject({ status: 409, code: 'order_not_takeable' });
    expect(await orderAudit(cancelled.id)).toHaveLength(0);
  });

  it('settles a renewal invoice straight to paid', async () => {
    const service = await orderIn('paid', agent.id, client.id);
    const renewal = await orderIn('unpaid', agent.id, client.id);
    await db()('orders').where({ id: renewal.id }).update({ renewal_of_order_id: service.id });
    await apply((await orderRow(renewal.id))!, 'paid');
    expect((await orderRow(renewal.id))!.status).toBe('paid');
  });

  it('answers 404 order_not_found for a take of an order that does not exist', async () => {
    await expect(apply({ id: 2_000_000_000 } as OrderRow, 'taken')).rejects.toMatchObject({ status: 404, code: 'order_not_found' });
  });

  for (const event of ['placed', 'renewal_issued'] as CreationEvent[]) {
    it(`${event} creates an unpaid order dated by the clock, with one audit row`, async () => {
      clock.advance({ minutes: 1 });
      const { order, from } = await db().transaction((trx) =>
        transitionOrder(trx, {
          event,
          actor: event === 'placed' ? client.id : null,
          clock,
          values: { user_id: client.id, subtotal_cents: 1000, tax_rate: 21, tax_cents: 210, total_cents: 1210, currency: 'EUR' },
        }),
      );
      expect(from).toBeNull();
      const row = (await orderRow(order.id))!;
      expect(row.status).toBe('unpaid');
      expect(row.created_at.toISOString()).toBe(clock.now().toISOString());
      const audits = await orderAudit(order.id);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        action: event === 'placed' ? 'order.created' : 'renewal.issued',
        before: { status: null },
        after: { status: 'unpaid' },
      });
    });
  }
});

describe('the endpoints that change an order, against every status', () => {
  const app = () => createTestApp(db());
  let agent: { id: number };
  let admin: { id: number };
  beforeAll(async () => {
    agent = await buildStaff(db(), 'support');
    admin = await buildStaff(db(), 'admin');
  });

  // Each endpoint with the event it triggers and the code its refusals carry (as before the lifecycle).
  const ENDPOINTS = {
    take: { event: 'taken', code: 'order_not_takeable' },
    // An agent delivers only what they took; the system delivers a pending order (service delivery tests).
    confirm: { event: 'delivered', code: 'order_not_confirmable', only: ['in_progress'] },
    'mark-paid': { event: 'paid', code: 'order_not_unpaid' },
    cancel: { event: 'cancelled', code: 'order_not_cancellable' },
    refund: { event: 'refunded', code: 'order_not_paid' },
    'pay-with-wallet': { event: 'paid', code: 'order_not_payable' },
  } as const satisfies Record<string, { event: ChangeEvent; code: string; only?: readonly OrderStatus[] }>;
  type Endpoint = keyof typeof ENDPOINTS;

  async function call(endpoint: Endpoint, orderId: number, clientId: number) {
    const staffCall = (userId: number, body: object) =>
      request(app()).post(`/api/admin/orders/${orderId}/${endpoint}`).set('Authorization', staffBearer(userId)).send(body);
    switch (endpoint) {
      case 'take':
        return staffCall(agent.id, {});
      case 'confirm':
        return staffCall(agent.id, { vpsId: (await buildVps()).id });
      case 'mark-paid':
      case 'cancel':
        return staffCall(admin.id, {});
      case 'refund':
        return staffCall(admin.id, { amount_cents: 100, reason: 'Geste' });
      case 'pay-with-wallet':
        return request(app()).post(`/api/orders/${orderId}/pay-with-wallet`).set('Authorization', bearer(clientId));
    }
  }

  for (const [endpoint, spec] of Object.entries(ENDPOINTS) as [Endpoint, (typeof ENDPOINTS)[Endpoint]][]) {
    const { event, code } = spec;
    const only: readonly OrderStatus[] | undefined = 'only' in spec ? spec.only : undefined;
    for (const status of ORDER_STATUSES) {
      const to = only && !only.includes(status) ? undefined : ALLOWED[event][status];
      if (to) {
        it(`${endpoint} of a ${status} order: 200, ${to}, one ${CHANGE_RULES[event].action} audit row`, async () => {
          const client = await buyer(db(), { wallet_cents: 10_000 });
          const order = await orderIn(status, agent.id, client.id);
          expect((await call(endpoint, order.id, client.id)).status).toBe(200);
          expect((await orderRow(order.id))!.status).toBe(to);
          const audits = (await orderAudit(order.id)).filter((a) => a.action === CHANGE_RULES[event].action);
          expect(audits).toHaveLength(1);
          expect(audits[0]).toMatchObject({ before: { status }, after: { status: to } });
        });
      } else {
        it(`${endpoint} of a ${status} order: 409 ${code}, nothing changed`, async () => {
          const client = await buyer(db(), { wallet_cents: 10_000 });
          const order = await orderIn(status, agent.id, client.id);
          const res = await call(endpoint, order.id, client.id);
          expect([res.status, res.body.error]).toEqual([409, code]);
          expect(await orderRow(order.id)).toEqual(order);
          expect(await orderAudit(order.id)).toHaveLength(0);
        });
      }
    }
  }
});

describe('the clock given to the app dates payment and delivery', () => {
  it('pays at the clock’s time (invoice of its year), takes and delivers at its time, the machine running to the clock plus the product’s months', async () => {
    const clock = createMovableClock(new Date('2031-01-31T10:00:00Z'));
    const app = createTestApp(db(), { clock });
    const client = await buyer(db());
    const agent = await buildStaff(db(), 'support');
    const product = await buildSellableProduct(db(), { ovh_config: JSON.stringify({ os: 'Debian 12' }), ovh_duration: '1' });

    const { orderId, checkoutId } = await startCardCheckout(app, client.id, cartBody(product));
    clock.advance({ hours: 1 });
    await request(app).post(`/api/sandbox/checkouts/${checkoutId}/pay`).expect(200);
    const paid = (await orderRow(orderId))!;
    expect(paid.status).toBe('pending');
    expect(paid.paid_at!.toISOString()).toBe('2031-01-31T11:00:00.000Z');
    expect(paid.invoiced_at!.toISOString()).toBe('2031-01-31T11:00:00.000Z');
    expect(paid.invoice_number).toMatch(/^2031-\d{6}$/);

    clock.advance({ hours: 2 });
    await request(app).post(`/api/admin/orders/${orderId}/take`).set('Authorization', staffBearer(agent.id)).send({}).expect(200);
    expect((await orderRow(orderId))!.taken_at!.toISOString()).toBe('2031-01-31T13:00:00.000Z');

    clock.advance({ hours: 1 });
    const machine = await buildVps();
    await request(app)
      .post(`/api/admin/orders/${orderId}/confirm`)
      .set('Authorization', staffBearer(agent.id))
      .send({ vpsId: machine.id })
      .expect(200);
    const delivered = (await orderRow(orderId))!;
    expect(delivered.status).toBe('paid');
    expect(delivered.delivered_at!.toISOString()).toBe('2031-01-31T14:00:00.000Z');
    const assigned = await db()('vps').where({ id: machine.id }).first();
    expect(assigned.assigned_at.toISOString()).toBe('2031-01-31T14:00:00.000Z');
    // One month from 31 January is the last day of February.
    expect(assigned.expires_at.toISOString()).toBe('2031-02-28T14:00:00.000Z');
    expect(await countRows(db(), 'audit_log', { entity_type: 'order', entity_id: String(orderId), action: 'order.paid' })).toBe(1);
  });

  it('marks a bank transfer paid at the clock’s time', async () => {
    const clock = createMovableClock(new Date('2032-07-14T09:30:00Z'));
    const app = createTestApp(db(), { clock });
    const admin = await buildStaff(db(), 'admin');
    const order = await orderIn('unpaid', admin.id, (await buyer(db())).id);
    await request(app).post(`/api/admin/orders/${order.id}/mark-paid`).set('Authorization', staffBearer(admin.id)).send({}).expect(200);
    const paid = (await orderRow(order.id))!;
    expect(paid.paid_at!.toISOString()).toBe('2032-07-14T09:30:00.000Z');
    expect(paid.invoice_number).toMatch(/^2032-/);
  });
});
