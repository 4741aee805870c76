import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, TEST_ENCRYPTION_KEY } from '../support/app';
import { buildIssuedDocument } from '../support/billing-documents';
import { buildDeliveredVps, buildUnpaidRenewal } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { exportedRecords } from '../../server/modules/account/data-export.repo';
import { buyer } from '../support/checkout';
import { binary } from '../support/paid-orders';
import { enrolSecondFactor } from '../support/staff';

// Issue 19, the customer's data (GDPR): their export, and deleting the account.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const app = () => createTestApp(database.db);

describe('GET /api/account/export', () => {
  it('a zip of data.json and the caller’s invoices and credit notes; nothing of anyone else, no secret', async () => {
    const invoice = await buildIssuedDocument(database.db, { kind: 'credit_note' });
    const owner = invoice.user_id;
    await database.db('users').where({ id: owner }).update({ password_hash: 'argon2-not-exported' });
    const stranger = await buildIssuedDocument(database.db);
    await database
      .db('wallet_transactions')
      .insert({ user_id: stranger.user_id, type: 'credit', amount_cents: 777, description: 'stranger-credit' });
    await database.db('sessions').where({ user_id: owner }).update({ ip: '198.51.100.7' });

    const res = await binary(request(app()).get('/api/account/export').set('Authorization', bearer(owner))).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(res.body as Buffer));
    const names = Object.keys(files).sort();
    expect(names).toContain('data.json');
    // The fixture renders the credit note only: the invoice is listed, its PDF still to come.
    expect(names.filter((n) => n.startsWith('documents/'))).toEqual([`documents/note-de-credit_${invoice.number}.pdf`]);
    const text = strFromU8(files['data.json']!);
    const data = JSON.parse(text);
    expect(data.account.id).toBe(owner);
    expect(data.documents.map((d: { kind: string; file: string | null }) => [d.kind, d.file !== null]).sort()).toEqual([
      ['credit_note', true],
      ['invoice', false],
    ]);
    expect(data.sessions[0].ip).toBe('198.51.100.7');
    expect(text).not.toContain('stranger-credit');
    expect(text).not.toContain(String(stranger.number));
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('password_hash');
  });

  it('reads an account with more orders than Postgres takes bind parameters (65,535), lines and replies included', async () => {
    const user = await buyer(database.db);
    await database.db.raw(
      `INSERT INTO orders (user_id, status, subtotal_cents, tax_rate, tax_cents, total_cents, paid_at)
       SELECT ?, 'paid', 1000, 21, 210, 1210, now() FROM generate_series(1, 66000)`,
      [user.id],
    );
    await database.db.raw(
      `INSERT INTO order_lines (order_id, name, price_cents, qty, tax_rate) SELECT id, 'VPS S', 1000, 1, 21 FROM orders WHERE user_id = ?`,
      [user.id],
    );
    const [ticket] = await database
      .db('support_tickets')
      .insert({ user_id: user.id, name: 'Client', email: user.email, subject: 'Question', message: 'Bonjour' })
      .returning('id');
    await database.db('support_ticket_replies').insert({ ticket_id: ticket.id, message: 'Réponse' });
    const records = await exportedRecords(database.db, user.id);
    expect(records.orders).toHaveLength(66_000);
    expect(records.orderLines).toHaveLength(66_000);
    expect(records.ticketReplies.map((r: { message: string }) => r.message)).toEqual(['Réponse']);
  }, 60_000);

  it('401 without a session', async () => {
    await request(app()).get('/api/account/export').expect(401);
  });
});

describe('account deletion', () => {
  const check = (userId: number) => request(app()).get('/api/account/deletion').set('Authorization', bearer(userId)).expect(200);
  const remove = (userId: number, body: Record<string, unknown>) =>
    request(app()).post('/api/account/deletion').set('Authorization', bearer(userId)).send(body);

  it('refused with 409 active_server while a server runs, and nothing is erased', async () => {
    const user = await buildAccount(database.db);
    await buildDeliveredVps(database.db, user.id, { encryptionKey: TEST_ENCRYPTION_KEY });
    expect((await check(user.id)).body).toMatchObject({ allowed: false, blockers: ['active_server'] });
    const res = await remove(user.id, { currentPassword: user.password, confirm: true }).expect(409);
    expect(res.body).toMatchObject({ error: 'active_server', blockers: ['active_server'] });
    const row = await database.db('users').where({ id: user.id }).first();
    expect(row.email).toBe(user.email);
    expect(row.deleted_at).toBeNull();
  });

  it('refused while an order is open, an invoice unpaid, or the wallet holds money', async () => {
    const user = await buildAccount(database.db, { wallet_cents: 500 });
    await buildUnpaidRenewal(database.db, user.id);
    const res = await remove(user.id, { currentPassword: user.password, confirm: true }).expect(409);
    expect(res.body.blockers).toEqual(expect.arrayContaining(['open_order', 'wallet_balance']));
  });

  it('refused for a staff account', async () => {
    const user = await buildAccount(database.db, { role: 'admin' });
    expect((await remove(user.id, { currentPassword: user.password, confirm: true }).expect(409)).body.error).toBe('staff_account');
  });

  it('a wrong password is 403 and the confirmation box is required (400)', async () => {
    const user = await buildAccount(database.db);
    await remove(user.id, { currentPassword: 'wrong', confirm: true }).expect(403);
    const res = await remove(user.id, { currentPassword: user.password }).expect(400);
    expect(res.body.fields.confirm).toEqual(['account.deletion.errorconfirm']);
    expect((await database.db('users').where({ id: user.id }).first()).deleted_at).toBeNull();
  });

  it('erases the personal data, keeps invoices and credit notes, ends every session, mails and audits', async () => {
    const document = await buildIssuedDocument(database.db, { kind: 'credit_note' });
    const userId = document.user_id;
    await database
      .db('users')
      .where({ id: userId })
      .update({ password_hash: (await buildAccount(database.db)).password_hash, phone: '+32470123456' });
    await enrolSecondFactor(database.db, userId);
    const user = await database.db('users').where({ id: userId }).first();
    // The documents' order is settled: nothing is due.
    await database.db('orders').where({ user_id: userId }).update({ status: 'paid', paid_at: new Date() });
    expect((await check(userId)).body).toMatchObject({ allowed: true, blockers: [] });

    await remove(userId, { currentPassword: 'Known-pass-1', confirm: true }).expect(200);

    const row = await database.db('users').where({ id: userId }).first();
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.email).toBe(`deleted-${userId}@deleted.invalid`);
    expect(row).toMatchObject({ address: null, phone: null, password_hash: null, company_name: null, vat_number: null });
    expect(row.full_name).not.toBe(user.full_name);
    expect(await database.db('billing_documents').where({ user_id: userId })).toHaveLength(2);
    expect(await database.db('sessions').where({ user_id: userId })).toHaveLength(0);
    // The second factor's secret and recovery codes go with the rest.
    expect(await database.db('user_second_factors').where({ user_id: userId })).toHaveLength(0);
    expect(await database.db('user_recovery_codes').where({ user_id: userId })).toHaveLength(0);
    await request(app()).get('/api/auth/me').set('Authorization', bearer(userId)).expect(401);
    const [mail] = await database.db('mail_outbox').where({ to_email: user.email });
    expect(mail.template).toBe('account_deleted');
    const audit = await database
      .db('audit_log')
      .where({ action: 'user.delete', entity_id: String(userId) })
      .first();
    expect(JSON.stringify(audit)).not.toContain(user.email);
  });
});
