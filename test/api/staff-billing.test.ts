import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { buyer, countRows } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// Back-office category 4 "Facturation": the three lists and refunds to the customer's wallet, on a
// real database.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const db = () => database.db;
const app = () => createTestApp(db());

async function buildOrder(userId: number, fields: Record<string, unknown> = {}): Promise<{ id: number }> {
  const [order] = await db()('orders')
    .insert({ user_id: userId, status: 'pending', subtotal_cents: 1000, tax_rate: 21, tax_cents: 210, total_cents: 1210, ...fields })
    .returning('*');
  return order;
}

/** A settled order: paid now with an invoice number, as settleOrder leaves it. */
const paidFields = (n: number, paidAt = new Date()) => ({
  status: 'pending',
  paid_at: paidAt,
  invoice_number: `2026-${String(n).padStart(6, '0')}`,
  payment_method: 'card',
});

const list = (adminId: number, query: Record<string, unknown>) =>
  request(app()).get('/api/admin/billing').query(query).set('Authorization', staffBearer(adminId));
const refund = (adminId: number, orderId: number | string, body: object) =>
  request(app()).post(`/api/admin/orders/${orderId}/refund`).set('Authorization', staffBearer(adminId)).send(body);
const idsOf = (res: request.Response, userId: number) =>
  res.body.orders.filter((o: { user_id: number }) => o.user_id === userId).map((o: { id: number }) => o.id);
const walletOf = async (userId: number) => Number((await db()('users').where({ id: userId }).first()).wallet_cents);

describe('GET /api/admin/billing', () => {
  it("'unpaid' lists unpaid orders, oldest due first (no due date: due from creation)", async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db(), { full_name: 'Lucie Facture' });
    const at = (day: number) => new Date(Date.UTC(2020, 0, day));
    const dueLater = await buildOrder(client.id, { status: 'unpaid', created_at: at(1), due_at: at(20) });
    const dueFirst = await buildOrder(client.id, { status: 'unpaid', created_at: at(2), due_at: at(5) });
    const noDue = await buildOrder(client.id, { status: 'unpaid', created_at: at(10) });
    await buildOrder(client.id, { ...paidFields(1) });
    await buildOrder(client.id, { status: 'cancelled', created_at: at(3) });

    const res = await list(admin.id, { filter: 'unpaid' }).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ next: null, hasMore: false });
    expect(idsOf(res, client.id)).toEqual([dueFirst.id, noDue.id, dueLater.id]);
    expect(res.body.orders.find((o: { id: number }) => o.id === dueFirst.id)).toEqual({
      id: dueFirst.id,
      user_id: client.id,
      client_name: 'Lucie Facture',
      client_email: client.email,
      status: 'unpaid',
      payment_method: null,
      total_cents: 1210,
      currency: 'EUR',
      created_at: at(2).toISOString(),
      due_at: at(5).toISOString(),
      transfer_reference: null,
      transfer_announced_at: null,
      invoice_number: null,
      paid_at: null,
      refunded_cents: 0,
      refundable_to_payment: false,
      cancel_reason: null,
      refund: null,
    });
    // The default filter is 'unpaid'.
    expect(idsOf(await list(admin.id, {}).expect(200), client.id)).toEqual([dueFirst.id, noDue.id, dueLater.id]);
  });

  it("'transfers' lists unpaid orders whose bank transfer was announced, oldest announcement first", async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour));
    const recent = await buildOrder(client.id, {
      status: 'unpaid',
      payment_method: 'bank_transfer',
      transfer_reference: '+++000/0000/01212+++',
      transfer_announced_at: at(12),
    });
    const older = await buildOrder(client.id, {
      status: 'unpaid',
      payment_method: 'bank_transfer',
      transfer_reference: '+++000/0000/02424+++',
      transfer_announced_at: at(8),
    });
    await buildOrder(client.id, { status: 'unpaid' }); // nothing announced
    await buildOrder(client.id, { ...paidFields(2), transfer_announced_at: at(1) }); // already received

    const res = await list(admin.id, { filter: 'transfers' }).expect(200);
    expect(idsOf(res, client.id)).toEqual([older.id, recent.id]);
    expect(res.body.orders.find((o: { id: number }) => o.id === recent.id)).toMatchObject({
      payment_method: 'bank_transfer',
      transfer_reference: '+++000/0000/01212+++',
      transfer_announced_at: at(12).toISOString(),
    });
  });

  it("'paid' lists settled orders newest payment first, a cancelled order that had been paid included", async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const at = (day: number) => new Date(Date.UTC(2040, 0, day)); // later than the other files' payments
    const pending = await buildOrder(client.id, paidFields(3, at(1)));
    const delivered = await buildOrder(client.id, { ...paidFields(4, at(3)), status: 'paid', refunded_cents: 200 });
    const taken = await buildOrder(client.id, { ...paidFields(5, at(2)), status: 'in_progress' });
    const cancelledPaid = await buildOrder(client.id, { ...paidFields(6, at(4)), status: 'cancelled' });
    await buildOrder(client.id, { status: 'cancelled' }); // never paid
    await buildOrder(client.id, { status: 'unpaid' });

    const res = await list(admin.id, { filter: 'paid' }).expect(200);
    expect(idsOf(res, client.id)).toEqual([cancelledPaid.id, delivered.id, taken.id, pending.id]);
    expect(res.body.orders.find((o: { id: number }) => o.id === delivered.id)).toMatchObject({
      status: 'paid',
      invoice_number: '2026-000004',
      paid_at: at(3).toISOString(),
      refunded_cents: 200,
    });
  });

  it('gives 50 a page by keyset: each page starts after the last order of the one before', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const base = Date.UTC(2001, 0, 1); // due before every other unpaid order of this file
    await db()('orders').insert(
      Array.from({ length: 51 }, (_, i) => ({
        user_id: client.id,
        status: 'unpaid',
        subtotal_cents: 100,
        tax_rate: 0,
        tax_cents: 0,
        total_cents: 100,
        due_at: new Date(base + i * 1000),
      })),
    );
    const first = await list(admin.id, { filter: 'unpaid' }).expect(200);
    expect(first.body.orders).toHaveLength(50);
    expect(first.body).toMatchObject({ hasMore: true, next: first.body.orders[49].id });
    const second = await list(admin.id, { filter: 'unpaid', after: first.body.next }).expect(200);
    expect(second.body.orders[0].user_id).toBe(client.id);
    expect(second.body.orders[0].due_at).toBe(new Date(base + 50_000).toISOString());
  });

  it('walks every filter to its end without a gap or a repeat, ties on the date broken by id', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const same = new Date(Date.UTC(2041, 0, 1));
    // Four of each on one instant: only the id tells them apart.
    for (let i = 0; i < 4; i += 1) {
      await buildOrder(client.id, {
        status: 'unpaid',
        due_at: same,
        transfer_announced_at: same,
        transfer_reference: `+++000/0000/9${i}+++`,
      });
      await buildOrder(client.id, paidFields(100 + i, same));
    }
    // What each filter shows, in its order, written out in SQL independently of the server's.
    const expected = {
      unpaid: "status = 'unpaid' ORDER BY COALESCE(due_at, created_at), id",
      transfers: "status = 'unpaid' AND transfer_announced_at IS NOT NULL ORDER BY transfer_announced_at, id",
      paid: "(status IN ('pending', 'in_progress', 'paid') OR (status = 'cancelled' AND paid_at IS NOT NULL)) ORDER BY paid_at DESC NULLS LAST, id DESC",
    };
    for (const [filter, where] of Object.entries(expected)) {
      const ids = ((await db().raw(`SELECT id FROM orders WHERE ${where}`)).rows as { id: number }[]).map((r) => r.id);
      const seen: number[] = [];
      let after: number | undefined;
      for (let guard = 0; guard <= ids.length; guard += 1) {
        const page = (await list(admin.id, { filter, limit: 3, ...(after && { after }) }).expect(200)).body;
        expect(page.orders.length).toBeLessThanOrEqual(3);
        seen.push(...page.orders.map((o: { id: number }) => o.id));
        if (page.next === null) break;
        after = page.next;
      }
      expect(seen).toEqual(ids);
    }
  });

  it('refuses a bad filter, cursor or page size with field details', async () => {
    const admin = await buildStaff(db(), 'admin');
    for (const [query, field] of [
      [{ filter: 'all' }, 'filter'],
      [{ after: 0 }, 'after'],
      [{ after: 'x' }, 'after'],
      [{ limit: 51 }, 'limit'],
    ] as const) {
      const res = await list(admin.id, query).expect(400);
      expect(res.body.error).toBe('validation_error');
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
  });

  it('is closed to managers and support agents', async () => {
    for (const role of ['manager', 'support'] as const) {
      const staff = await buildStaff(db(), role);
      expect((await list(staff.id, { filter: 'paid' }).expect(403)).body.error).toBe('forbidden_role');
    }
  });
});

describe('POST /api/admin/orders/:id/refund', () => {
  it('credits the wallet: wallet balance, refund transaction, refunded_cents and audit row in one go', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db(), { wallet_cents: 500 });
    const order = await buildOrder(client.id, paidFields(7));

    const res = await refund(admin.id, order.id, { amount_cents: 300, reason: '  Panne de 3 jours  ' }).expect(200);
    expect(res.body).toEqual({ success: true, wallet_cents: 800 });
    expect(await walletOf(client.id)).toBe(800);
    expect(Number((await db()('orders').where({ id: order.id }).first()).refunded_cents)).toBe(300);
    const transactions = await db()('wallet_transactions').where({ user_id: client.id });
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({
      type: 'refund',
      order_id: order.id,
      description: `Remboursement commande #${order.id} : Panne de 3 jours`,
    });
    expect(Number(transactions[0].amount_cents)).toBe(300);
    const audit = await db()('audit_log').where({ entity_type: 'order', entity_id: String(order.id), action: 'order.refunded' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      before: { refunded_cents: 0 },
      after: {
        refunded_cents: 300,
        amount_cents: 300,
        reason: 'Panne de 3 jours',
        wallet_transaction_id: transactions[0].id,
        wallet_cents: 800,
      },
    });

    // The rest can follow later, up to the total, and a cancelled order that had been paid too.
    await refund(admin.id, order.id, { amount_cents: 910, reason: 'Solde', userId: admin.id }).expect(200);
    expect(await walletOf(client.id)).toBe(1710);
    const cancelled = await buildOrder(client.id, { ...paidFields(8), status: 'cancelled' });
    expect((await refund(admin.id, cancelled.id, { amount_cents: 1210, reason: 'Annulée' }).expect(200)).body.wallet_cents).toBe(2920);
  });

  it('refuses more than is left to refund with 409 refund_exceeds_paid, changing nothing', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const order = await buildOrder(client.id, { ...paidFields(9), refunded_cents: 1000 });

    const res = await refund(admin.id, order.id, { amount_cents: 211, reason: 'Trop' }).expect(409);
    expect(res.body).toMatchObject({ error: 'refund_exceeds_paid', refundable_cents: 210 });
    expect(await walletOf(client.id)).toBe(0);
    expect(Number((await db()('orders').where({ id: order.id }).first()).refunded_cents)).toBe(1000);
    expect(await countRows(db(), 'wallet_transactions', { user_id: client.id })).toBe(0);
    expect(await countRows(db(), 'audit_log', { entity_type: 'order', entity_id: String(order.id), action: 'order.refunded' })).toBe(0);
    await refund(admin.id, order.id, { amount_cents: 210, reason: 'Le reste' }).expect(200);
    expect((await refund(admin.id, order.id, { amount_cents: 1, reason: 'Encore' }).expect(409)).body.refundable_cents).toBe(0);
  });

  it('refuses an order that was never paid with 409 order_not_paid, and an unknown one with 404', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    for (const fields of [{ status: 'unpaid' }, { status: 'cancelled' }]) {
      const order = await buildOrder(client.id, fields);
      expect((await refund(admin.id, order.id, { amount_cents: 100, reason: 'Geste' }).expect(409)).body.error).toBe('order_not_paid');
    }
    expect((await refund(admin.id, 999999, { amount_cents: 100, reason: 'Geste' }).expect(404)).body.error).toBe('order_not_found');
    expect(await walletOf(client.id)).toBe(0);
    expect(await countRows(db(), 'wallet_transactions', { user_id: client.id })).toBe(0);
  });

  it('never refunds more than was paid under two concurrent refunds', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const order = await buildOrder(client.id, paidFields(10));

    const answers = await Promise.all([
      refund(admin.id, order.id, { amount_cents: 1000, reason: 'Premier' }),
      refund(admin.id, order.id, { amount_cents: 1000, reason: 'Second' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body).toMatchObject({ error: 'refund_exceeds_paid', refundable_cents: 210 });
    expect(await walletOf(client.id)).toBe(1000);
    expect(Number((await db()('orders').where({ id: order.id }).first()).refunded_cents)).toBe(1000);
    expect(await countRows(db(), 'wallet_transactions', { order_id: order.id })).toBe(1);

    // Two that fit together both go through, one after the other.
    const other = await buildOrder(client.id, paidFields(11));
    const both = await Promise.all([
      refund(admin.id, other.id, { amount_cents: 600, reason: 'A' }),
      refund(admin.id, other.id, { amount_cents: 610, reason: 'B' }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await walletOf(client.id)).toBe(2210);
    expect(Number((await db()('orders').where({ id: other.id }).first()).refunded_cents)).toBe(1210);
  });

  it('refuses a bad body with 400 and field details, changing nothing', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const order = await buildOrder(client.id, paidFields(12));
    const bodies: [object, string][] = [
      [{ reason: 'Sans montant' }, 'amount_cents'],
      [{ amount_cents: 0, reason: 'Zéro' }, 'amount_cents'],
      [{ amount_cents: -100, reason: 'Négatif' }, 'amount_cents'],
      [{ amount_cents: 12.5, reason: 'Décimal' }, 'amount_cents'],
      [{ amount_cents: '100', reason: 'Texte' }, 'amount_cents'],
      [{ amount_cents: 100 }, 'reason'],
      [{ amount_cents: 100, reason: '   ' }, 'reason'],
      [{ amount_cents: 100, reason: 'x'.repeat(501) }, 'reason'],
      [{ amount_cents: 100, reason: 'Ailleurs', to: 'bank' }, 'to'],
    ];
    for (const [body, field] of bodies) {
      const res = await refund(admin.id, order.id, body).expect(400);
      expect(res.body.error).toBe('validation_error');
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
    await refund(admin.id, 'abc', { amount_cents: 100, reason: 'Id' }).expect(404);
    await refund(admin.id, '2147483648', { amount_cents: 100, reason: 'Id' }).expect(404);
    expect((await refund(admin.id, order.id, { amount_cents: 100, reason: 'Autre', userId: client.id }).expect(403)).body.error).toBe(
      'forbidden',
    );
    expect(await walletOf(client.id)).toBe(0);
    expect(Number((await db()('orders').where({ id: order.id }).first()).refunded_cents)).toBe(0);
    expect(await countRows(db(), 'wallet_transactions', { user_id: client.id })).toBe(0);
  });

  it('is closed to managers and support agents, changing nothing', async () => {
    const client = await buyer(db());
    const order = await buildOrder(client.id, paidFields(13));
    for (const role of ['manager', 'support'] as const) {
      const staff = await buildStaff(db(), role);
      expect((await refund(staff.id, order.id, { amount_cents: 100, reason: 'Non' }).expect(403)).body.error).toBe('forbidden_role');
    }
    expect(await walletOf(client.id)).toBe(0);
    expect(await countRows(db(), 'wallet_transactions', { user_id: client.id })).toBe(0);
  });
});
