import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { bearer, buildAccount } from '../support/accounts';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const app = () => createTestApp(database.db);

async function ticket(userId: number | null, overrides: Record<string, unknown> = {}) {
  const [row] = await database
    .db('support_tickets')
    .insert({
      user_id: userId,
      name: 'Nom saisi',
      email: 'ticket@example.test',
      subject: 'Connexion SSH',
      message: 'Je n’arrive pas à me connecter.',
      ...overrides,
    })
    .returning('*');
  return row as { id: number; email: string };
}

const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await database.db(table).where(where).count({ n: '*' }))[0]?.n);

describe('GET /api/admin/support-tickets', () => {
  it('every ticket newest first with its replies, for support (even off duty), manager and admin', async () => {
    const { db } = database;
    const customer = await buildAccount(db, { full_name: 'Camille Dubois' });
    const now = Date.now();
    const old = await ticket(customer.id, { subject: 'Ancien', created_at: new Date(now - 86_400_000), email: customer.email });
    const visitor = await ticket(null, { subject: 'Visiteur', name: 'Paul Visiteur', created_at: new Date(now - 3_600_000) });
    const admin = await buildStaff(db, 'admin', { fullName: 'Alice Martin' });
    await request(app())
      .post(`/api/admin/support-tickets/${old.id}/reply`)
      .set('Authorization', staffBearer(admin.id))
      .send({ message: 'Bonjour, c’est réglé.' })
      .expect(200);

    for (const who of [await buildStaff(db, 'support', { online: false }), await buildStaff(db, 'manager'), admin]) {
      const res = await request(app()).get('/api/admin/support-tickets').set('Authorization', staffBearer(who.id)).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({ limit: 100 });
      const mine = res.body.tickets.filter((t: { id: number }) => [old.id, visitor.id].includes(t.id));
      expect(mine).toEqual([
        // Spec §3 "Support ticket": id, user, message, status, createdAt.
        {
          id: visitor.id,
          user: 'Paul Visiteur',
          message: 'Je n’arrive pas à me connecter.',
          status: 'open',
          createdAt: expect.any(String),
          user_id: null,
          email: 'ticket@example.test',
          subject: 'Visiteur',
          replies: [],
        },
        {
          id: old.id,
          user: 'Camille Dubois',
          message: 'Je n’arrive pas à me connecter.',
          status: 'answered',
          createdAt: expect.any(String),
          user_id: customer.id,
          email: customer.email,
          subject: 'Ancien',
          replies: [
            { id: expect.any(Number), author_name: 'Alice Martin', message: 'Bonjour, c’est réglé.', created_at: expect.any(String) },
          ],
        },
      ]);
    }
  });

  it('401 without the staff token (a login session is not enough), 403 for a customer’s staff token', async () => {
    const { db } = database;
    const customer = await buildAccount(db);
    await request(app()).get('/api/admin/support-tickets').expect(401);
    await request(app()).get('/api/admin/support-tickets').set('Authorization', bearer(customer.id)).expect(401);
    const res = await request(app()).get('/api/admin/support-tickets').set('Authorization', staffBearer(customer.id)).expect(403);
    expect(res.body.error).toBe('forbidden_role');
  });

  it('400 on a bad cursor or page size, with the field', async () => {
    const admin = await buildStaff(database.db, 'admin');
    for (const [query, field] of [
      ['after=0', 'after'],
      ['after=abc', 'after'],
      ['limit=101', 'limit'],
    ]) {
      const res = await request(app()).get(`/api/admin/support-tickets?${query}`).set('Authorization', staffBearer(admin.id)).expect(400);
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
  });

  it('pages by keyset, newest first: every ticket once, ties on the date broken by id', async () => {
    const admin = await buildStaff(database.db, 'admin');
    const same = new Date('2031-01-01T00:00:00Z'); // newer than the file's other tickets
    for (let i = 0; i < 5; i += 1) await ticket(null, { subject: `Égalité ${i}`, name: 'Paul', created_at: same });
    const expected = (
      await database
        .db('support_tickets')
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .select('id')
    ).map((r: { id: number }) => r.id);
    const walked: number[] = [];
    let after: number | undefined;
    do {
      const page = (
        await request(app())
          .get('/api/admin/support-tickets')
          .query({ limit: 2, ...(after && { after }) })
          .set('Authorization', staffBearer(admin.id))
          .expect(200)
      ).body as { tickets: { id: number }[]; next: number | null };
      expect(page.tickets.length).toBeLessThanOrEqual(2);
      walked.push(...page.tickets.map((t) => t.id));
      after = page.next ?? undefined;
    } while (after !== undefined);
    expect(walked).toEqual(expected);
  });
});

describe('POST /api/admin/support-tickets/:id/reply', () => {
  it('stores the answer, marks the ticket answered, audits, mails the customer in their language; only the owner sees it', async () => {
    const { db } = database;
    const owner = await buildAccount(db, { full_name: 'Sofie Peeters', language: 'nl' });
    const other = await buildAccount(db, { full_name: 'Autre Client' });
    const t = await ticket(owner.id, { email: owner.email, subject: 'Facture' });
    await ticket(other.id, { email: other.email, subject: 'Le sien' });
    const agent = await buildStaff(db, 'support', { fullName: 'Julie Lambert' });

    const res = await request(app())
      .post(`/api/admin/support-tickets/${t.id}/reply`)
      .set('Authorization', staffBearer(agent.id))
      .send({ message: '  Votre facture est en pièce jointe de votre espace.  ' })
      .expect(200);
    expect(res.body.ticket).toMatchObject({
      id: t.id,
      status: 'answered',
      replies: [{ author_name: 'Julie Lambert', message: 'Votre facture est en pièce jointe de votre espace.' }],
    });

    expect(await db('support_ticket_replies').where({ ticket_id: t.id })).toEqual([
      expect.objectContaining({ author_id: agent.id, message: 'Votre facture est en pièce jointe de votre espace.' }),
    ]);
    const audit = await db('audit_log')
      .where({ action: 'ticket.replied', entity_id: String(t.id) })
      .first();
    expect(audit).toMatchObject({
      actor_id: agent.id,
      entity_type: 'support_ticket',
      before: { status: 'open' },
      after: { status: 'answered' },
    });

    const mail = await db('mail_outbox').where({ to_email: owner.email }).first();
    expect(mail).toMatchObject({ template: 'ticket_answered', language: 'nl', subject: `Antwoord op uw ticket nr. ${t.id}` });
    expect(mail.text_body).toContain('Votre facture est en pièce jointe de votre espace.');
    expect(mail.text_body).toContain('Hallo Sofie Peeters');
    expect(mail.text_body).toContain('http://shop.test/nl/Support');
    expect(mail.html_body).toContain('Facture');

    const seen = await request(app()).get('/api/tickets').set('Authorization', bearer(owner.id)).expect(200);
    expect(seen.body.tickets).toEqual([
      expect.objectContaining({
        id: t.id,
        status: 'answered',
        replies: [
          {
            id: expect.any(Number),
            author: 'Julie',
            message: 'Votre facture est en pièce jointe de votre espace.',
            createdAt: expect.any(String),
          },
        ],
      }),
    ]);
    // The agent's full name, account and e-mail never reach the customer.
    expect(JSON.stringify(seen.body)).not.toContain('Lambert');
    expect(JSON.stringify(seen.body)).not.toContain(agent.email);

    const theirs = await request(app()).get('/api/tickets').set('Authorization', bearer(other.id)).expect(200);
    expect(theirs.body.tickets).toEqual([expect.objectContaining({ subject: 'Le sien', status: 'open', replies: [] })]);
  });

  it('close: true answers and closes; a visitor’s ticket is mailed in French to the typed address', async () => {
    const { db } = database;
    const t = await ticket(null, { email: 'visiteur@example.test', name: 'Paul' });
    const manager = await buildStaff(db, 'manager');
    const res = await request(app())
      .post(`/api/admin/support-tickets/${t.id}/reply`)
      .set('Authorization', staffBearer(manager.id))
      .send({ message: 'Merci, nous clôturons.', close: true })
      .expect(200);
    expect(res.body.ticket.status).toBe('closed');
    expect((await db('support_tickets').where({ id: t.id }).first()).status).toBe('closed');
    const mail = await db('mail_outbox').where({ to_email: 'visiteur@example.test' }).first();
    expect(mail).toMatchObject({ language: 'fr', subject: `Réponse à votre ticket n° ${t.id}` });
    expect(mail.text_body).toContain('Bonjour Paul');
  });

  it.each([
    ['an empty message', { message: '   ' }],
    ['no message', {}],
    ['a too long message', { message: 'x'.repeat(5001) }],
    ['close not a boolean', { message: 'ok', close: 'yes' }],
  ])('400 on %s; nothing stored, no mail, status unchanged', async (_label, body) => {
    const { db } = database;
    const t = await ticket(null, { email: 'inchange@example.test' });
    const admin = await buildStaff(db, 'admin');
    const before = { replies: await count('support_ticket_replies'), audits: await count('audit_log'), mails: await count('mail_outbox') };
    const res = await request(app())
      .post(`/api/admin/support-tickets/${t.id}/reply`)
      .set('Authorization', staffBearer(admin.id))
      .send(body)
      .expect(400);
    expect(res.body.error).toBe('validation_error');
    expect({ replies: await count('support_ticket_replies'), audits: await count('audit_log'), mails: await count('mail_outbox') }).toEqual(
      before,
    );
    expect((await db('support_tickets').where({ id: t.id }).first()).status).toBe('open');
  });

  it('404 for an unknown or malformed id; 403 for a customer', async () => {
    const { db } = database;
    const admin = await buildStaff(db, 'admin');
    for (const id of ['999999', 'abc', '0', '2147483648', '99999999999']) {
      const res = await request(app())
        .post(`/api/admin/support-tickets/${id}/reply`)
        .set('Authorization', staffBearer(admin.id))
        .send({ message: 'ok' })
        .expect(404);
      expect(res.body.error).toBe('not_found');
    }
    const customer = await buildAccount(db);
    const t = await ticket(customer.id);
    await request(app())
      .post(`/api/admin/support-tickets/${t.id}/reply`)
      .set('Authorization', staffBearer(customer.id))
      .send({ message: 'ok' })
      .expect(403);
    expect(await count('support_ticket_replies', { ticket_id: t.id })).toBe(0);
  });
});

describe('POST /api/admin/support-tickets/:id/close', () => {
  it('closes with one audit row; closing again changes nothing; 404 unknown', async () => {
    const { db } = database;
    const t = await ticket(null);
    const agent = await buildStaff(db, 'support');
    const res = await request(app())
      .post(`/api/admin/support-tickets/${t.id}/close`)
      .set('Authorization', staffBearer(agent.id))
      .expect(200);
    expect(res.body.ticket).toMatchObject({ id: t.id, status: 'closed', replies: [] });
    await request(app()).post(`/api/admin/support-tickets/${t.id}/close`).set('Authorization', staffBearer(agent.id)).expect(200);
    expect(await db('audit_log').where({ action: 'ticket.closed', entity_id: String(t.id) })).toEqual([
      expect.objectContaining({ actor_id: agent.id, before: { status: 'open' }, after: { status: 'closed' } }),
    ]);
    expect(await count('mail_outbox', { to_email: 'ticket@example.test' })).toBe(0);
    await request(app()).post('/api/admin/support-tickets/999999/close').set('Authorization', staffBearer(agent.id)).expect(404);
  });
});
