import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buyer } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// The Logs and Billing lists (automatic renewals too), and the panel's credit notes, page by keyset
// (issue 18): each page starts after the last row of the one before. Walked here with small pages
// over rows that share their date, against the order written out in SQL: every row once, none
// skipped, none repeated.

let database: TestDatabase;
let adminId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  adminId = (await buildStaff(database.db, 'admin')).id;
});
afterAll(async () => {
  await database.destroy();
});
const db = () => database.db;
const get = (path: string, query: Record<string, string | number>, authorization = staffBearer(adminId)) =>
  request(createTestApp(db())).get(path).query(query).set('Authorization', authorization);

/** Every id the list gives, page after page of `limit`, following `next` to the end. */
async function walk(
  path: string,
  key: string,
  query: Record<string, string | number>,
  limit = 3,
  authorization?: string,
): Promise<number[]> {
  const seen: number[] = [];
  let after: number | undefined;
  for (let guard = 0; guard < 1_000; guard += 1) {
    const page = (await get(path, { ...query, limit, ...(after && { after }) }, authorization).expect(200)).body;
    const rows = page[key] as { id: number }[];
    expect(rows.length).toBeLessThanOrEqual(limit);
    seen.push(...rows.map((row) => row.id));
    if ('hasMore' in page) expect(page.hasMore).toBe(page.next !== null);
    if (page.next === null) return seen;
    expect(page.next).toBe(rows.at(-1)!.id);
    after = page.next;
  }
  throw new Error('the list never ended');
}

const idsOf = async (sql: string) => ((await db().raw(sql)).rows as { id: number }[]).map((row) => row.id);

/** `count` credit notes of one customer's order, `tied` of them issued at the same instant; the customer's id. */
async function insertDocuments(count: number, tied: number): Promise<number> {
  const user = await buyer(db());
  const [order] = await db()('orders')
    .insert({
      user_id: user.id,
      status: 'paid',
      subtotal_cents: 1000,
      tax_rate: 21,
      tax_cents: 210,
      total_cents: 1210,
      paid_at: new Date(),
    })
    .returning('id');
  const data = { buyer: { name: 'Client Keyset', vatNumber: null }, vatScheme: 'standard', payment: { method: 'card' }, reason: null };
  // The order's invoice, then credit notes correcting it (a credit note names what it corrects).
  const [invoice] = await db()('billing_documents')
    .insert({
      kind: 'invoice',
      number: `KS-${order.id}-0`,
      order_id: order.id,
      user_id: user.id,
      issued_at: new Date('2026-05-01T10:00:00Z'),
      currency: 'EUR',
      net_cents: 1000,
      tax_cents: 210,
      total_cents: 1210,
      payable_cents: 0,
      data: JSON.stringify(data),
    })
    .returning('id');
  await db().raw(
    `INSERT INTO billing_documents (kind, number, order_id, user_id, corrects_document_id, issued_at, currency, net_cents, tax_cents, total_cents, payable_cents, data)
     SELECT 'credit_note', 'KS-' || ? || '-' || n, ?, ?, ?,
            CASE WHEN n <= ? THEN timestamptz '2026-06-01T10:00:00Z' ELSE timestamptz '2026-06-01T10:00:00Z' + n * interval '1 hour' END,
            'EUR', 1000, 210, 1210, 1210, ?::jsonb
       FROM generate_series(1, ?) AS n`,
    [order.id, order.id, user.id, invoice.id, tied, JSON.stringify(data), count],
  );
  return user.id;
}

describe('Logs, « Mails en échec »: GET /api/admin/mail-failures', () => {
  it('walks the mails that did not leave, newest first, ties broken by id', async () => {
    const same = new Date('2026-06-01T10:00:00Z');
    await db()('mail_outbox').insert(
      Array.from({ length: 8 }, (_, i) => ({
        to_email: `keyset-${i}@example.test`,
        template: 'welcome',
        subject: 'Bienvenue',
        text_body: 'Bonjour',
        status: i % 4 === 3 ? 'sent' : 'failed', // the sent ones are not listed
        attempts: 6,
        created_at: i < 4 ? same : new Date(same.getTime() + i * 60_000),
      })),
    );
    const expected = await idsOf(
      "SELECT id FROM mail_outbox WHERE status = 'failed' OR (status = 'pending' AND attempts > 0) ORDER BY created_at DESC, id DESC",
    );
    expect(expected).toHaveLength(6);
    expect(await walk('/api/admin/mail-failures', 'mails', {})).toEqual(expected);
  });

  it('400 with the field for a cursor that is no id or a page over 50', async () => {
    for (const [query, field] of [
      [{ after: 'x' }, 'after'],
      [{ after: -4 }, 'after'],
      [{ limit: 51 }, 'limit'],
    ] as const) {
      expect(Object.keys((await get('/api/admin/mail-failures', query).expect(400)).body.fields)).toEqual([field]);
    }
  });
});

describe('Billing, documents: GET /api/admin/billing/documents', () => {
  it('walks the documents newest issued first, ties broken by id, within the filters', async () => {
    await insertDocuments(11, 4);
    const all = await idsOf('SELECT id FROM billing_documents ORDER BY issued_at DESC, id DESC');
    expect(await walk('/api/admin/billing/documents', 'documents', {})).toEqual(all);
    const june = await idsOf(
      "SELECT id FROM billing_documents WHERE (issued_at AT TIME ZONE 'Europe/Brussels')::date = '2026-06-01' ORDER BY issued_at DESC, id DESC",
    );
    expect(
      await walk('/api/admin/billing/documents', 'documents', { kind: 'credit_note', from: '2026-06-01', to: '2026-06-01' }, 2),
    ).toEqual(june);
  });

  it('400 with the field for a cursor that is no id or a page over 50', async () => {
    expect(Object.keys((await get('/api/admin/billing/documents', { after: '2.5' }).expect(400)).body.fields)).toEqual(['after']);
    expect(Object.keys((await get('/api/admin/billing/documents', { limit: 0 }).expect(400)).body.fields)).toEqual(['limit']);
  });
});

describe('Billing, e-invoices: GET /api/admin/billing/einvoices', () => {
  it('walks the deliveries newest queued first, ties broken by id, all or one status', async () => {
    await insertDocuments(9, 0);
    await db().raw(
      `INSERT INTO einvoice_deliveries (document_id, recipient_scheme, recipient_id, status, queued_at)
       SELECT d.id, '0208', '0123456789', CASE WHEN d.id % 3 = 0 THEN 'failed' ELSE 'queued' END, timestamptz '2026-06-02T08:00:00Z'
         FROM billing_documents d
        WHERE NOT EXISTS (SELECT 1 FROM einvoice_deliveries e WHERE e.document_id = d.id)`,
    );
    const all = await idsOf('SELECT id FROM einvoice_deliveries ORDER BY queued_at DESC, id DESC');
    expect(all.length).toBeGreaterThan(5);
    expect(await walk('/api/admin/billing/einvoices', 'deliveries', {})).toEqual(all);
    const failed = await idsOf("SELECT id FROM einvoice_deliveries WHERE status = 'failed' ORDER BY queued_at DESC, id DESC");
    expect(await walk('/api/admin/billing/einvoices', 'deliveries', { status: 'failed' }, 2)).toEqual(failed);
  });

  it('400 with the field for a cursor that is no id or a page over 50', async () => {
    expect(Object.keys((await get('/api/admin/billing/einvoices', { after: 'abc' }).expect(400)).body.fields)).toEqual(['after']);
    expect(Object.keys((await get('/api/admin/billing/einvoices', { limit: 99 }).expect(400)).body.fields)).toEqual(['limit']);
  });
});

describe("The panel's credit notes: GET /api/credit-notes", () => {
  it('walks the customer’s own credit notes newest first, ties broken by id; 304 while unchanged', async () => {
    const owner = await insertDocuments(7, 3);
    await insertDocuments(2, 0); // another customer's
    const own = await idsOf(
      `SELECT id FROM billing_documents WHERE user_id = ${owner} AND kind = 'credit_note' ORDER BY issued_at DESC, id DESC`,
    );
    expect(own).toHaveLength(7);
    expect(await walk('/api/credit-notes', 'credit_notes', {}, 2, bearer(owner))).toEqual(own);

    const first = await get('/api/credit-notes', {}, bearer(owner)).expect(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    await get('/api/credit-notes', {}, bearer(owner)).set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('400 with the field for a cursor that is no id or a page over 50', async () => {
    const owner = await insertDocuments(1, 0);
    expect(Object.keys((await get('/api/credit-notes', { after: 'x' }, bearer(owner)).expect(400)).body.fields)).toEqual(['after']);
    expect(Object.keys((await get('/api/credit-notes', { limit: 51 }, bearer(owner)).expect(400)).body.fields)).toEqual(['limit']);
  });
});

describe('Billing, automatic renewals: GET /api/admin/billing/auto-renewals', () => {
  /**
   * `count` delivered services of one customer, each with a renewal invoice due `dueInDays` from now
   * (the first `tied` at the same instant), of servers renewing on their own; the customer's id.
   */
  async function insertRenewals(count: number, tied: number, dueInDays: number, fields: { auto_renew?: boolean } = {}) {
    const user = await buyer(db());
    await db().raw(
      `WITH services AS (
         INSERT INTO orders (user_id, status, subtotal_cents, tax_rate, tax_cents, total_cents, paid_at)
         SELECT ?, 'paid', 1000, 21, 210, 1210, now() FROM generate_series(1, ?) RETURNING id
       ), machines AS (
         INSERT INTO vps (service_name, ip, os, os_family, plan, region, ram_gb, cores, storage_gb, traffic, login, state, order_id, auto_renew)
         SELECT 'vps-renew-' || id || '.vps.ovh.net', '203.0.113.70', 'Debian 12', 'linux', 'VPS', 'GRA', 2, 1, 40, 'Illimité', 'root', 'assigned', id, ?
           FROM services RETURNING order_id
       )
       INSERT INTO orders (user_id, status, subtotal_cents, tax_rate, tax_cents, total_cents, renewal_of_order_id, due_at)
       SELECT ?, 'unpaid', 1000, 21, 210, 1210, order_id,
              date_trunc('minute', now()) + ? * interval '1 day' + CASE WHEN row_number() OVER (ORDER BY order_id) <= ? THEN interval '0' ELSE row_number() OVER (ORDER BY order_id) * interval '1 minute' END
         FROM machines`,
      [user.id, count, fields.auto_renew ?? true, user.id, dueInDays, tied],
    );
    return user.id;
  }

  it('50 a page, soonest due first, ties broken by id: every renewal of the window once, none outside it', async () => {
    await insertRenewals(56, 5, 2);
    await insertRenewals(3, 0, -3);
    await insertRenewals(2, 0, 20); // beyond the window (14 days ahead)
    await insertRenewals(2, 0, 1, { auto_renew: false }); // switched off, never tried: not listed
    const expected = await idsOf(
      `SELECT o.id FROM orders o JOIN vps v ON v.order_id = o.renewal_of_order_id
        WHERE o.due_at BETWEEN now() - interval '10 days' AND now() + interval '14 days' AND v.auto_renew
        ORDER BY o.due_at, o.id`,
    );
    expect(expected).toHaveLength(59);

    const first = (await get('/api/admin/billing/auto-renewals', {}).expect(200)).body;
    expect(first.renewals).toHaveLength(50);
    expect(first).toMatchObject({ hasMore: true, next: first.renewals[49].order_id });
    const second = (await get('/api/admin/billing/auto-renewals', { after: first.next }).expect(200)).body;
    expect(second).toMatchObject({ next: null, hasMore: false });
    expect([...first.renewals, ...second.renewals].map((r: { order_id: number }) => r.order_id)).toEqual(expected);

    // Smaller pages walk the same invoices in the same order.
    const walked: number[] = [];
    let after: number | undefined;
    do {
      const page = (await get('/api/admin/billing/auto-renewals', { limit: 7, ...(after && { after }) }).expect(200)).body;
      expect(page.renewals.length).toBeLessThanOrEqual(7);
      walked.push(...page.renewals.map((r: { order_id: number }) => r.order_id));
      after = page.next ?? undefined;
    } while (after !== undefined);
    expect(walked).toEqual(expected);
  });

  it('400 with the field for a cursor that is no id or a page over 50', async () => {
    expect(Object.keys((await get('/api/admin/billing/auto-renewals', { after: 'x' }).expect(400)).body.fields)).toEqual(['after']);
    expect(Object.keys((await get('/api/admin/billing/auto-renewals', { limit: 51 }).expect(400)).body.fields)).toEqual(['limit']);
  });
});
