import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitStoreFactory } from '../../server/http/rate-limit-store';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp } from '../support/app';
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

// A fresh app has fresh rate-limit counters (memory store).
const app = () => responses.record(createTestApp(database.db));
const customer = (fullName = 'Camille Dubois') => buildAccount(database.db, { full_name: fullName });
const ticketCount = async () => Number((await database.db('support_tickets').count({ n: '*' }))[0]?.n ?? 0);

const contactBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Julien Moreau',
  email: 'Julien.Moreau@Example.net',
  subject: 'Quelle offre pour 40 joueurs ?',
  message: 'Bonjour, je prépare un serveur DarkRP pour 40 joueurs. Que me conseillez-vous ?',
  ...overrides,
});

describe('POST /api/contact', () => {
  it('201 for a visitor: an open ticket with no account, e-mail normalised; one audit row', async () => {
    const res = await request(app()).post('/api/contact').send(contactBody()).expect(201);
    expect(res.body).toEqual({ ticketId: expect.any(Number) });
    const row = await database.db('support_tickets').where({ id: res.body.ticketId }).first();
    expect(row).toMatchObject({
      user_id: null,
      name: 'Julien Moreau',
      email: 'julien.moreau@example.net',
      subject: 'Quelle offre pour 40 joueurs ?',
      status: 'open',
      assigned_to: null,
    });
    const audit = await database.db('audit_log').where({ entity_type: 'support_ticket', entity_id: String(res.body.ticketId) });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'ticket.create', actor_id: null, after: { status: 'open', source: 'contact' } });
  });

  it('201 with a valid bearer: the ticket belongs to that customer and shows on their Support page', async () => {
    const user = await customer();
    const res = await request(app()).post('/api/contact').set('Authorization', bearer(user.id)).send(contactBody()).expect(201);
    const row = await database.db('support_tickets').where({ id: res.body.ticketId }).first();
    expect(row.user_id).toBe(user.id);
    const list = await request(app()).get('/api/tickets').set('Authorization', bearer(user.id)).expect(200);
    expect(list.body.tickets.map((t: { id: number }) => t.id)).toEqual([res.body.ticketId]);
    const audit = await database
      .db('audit_log')
      .where({ entity_type: 'support_ticket', entity_id: String(res.body.ticketId) })
      .first();
    expect(audit.actor_id).toBe(user.id);
  });

  it('an invalid bearer is no identity: the message still arrives, as a visitor’s', async () => {
    const res = await request(app()).post('/api/contact').set('Authorization', 'Bearer a.b.c').send(contactBody()).expect(201);
    const row = await database.db('support_tickets').where({ id: res.body.ticketId }).first();
    expect(row.user_id).toBeNull();
  });

  it('400 with field errors for each field; nothing created', async () => {
    const before = await ticketCount();
    const res = await request(app())
      .post('/api/contact')
      .send({ name: '  ', email: 'not-an-email', subject: '', message: 'x'.repeat(5001) })
      .expect(400);
    expect(res.body).toMatchObject({
      error: 'validation_error',
      fields: {
        name: ['contact.errorname'],
        email: ['contact.erroremail'],
        subject: ['contact.errorsubject'],
        message: ['contact.errormessage'],
      },
    });
    const missing = await request(app()).post('/api/contact').send({}).expect(400);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect(await ticketCount()).toBe(before);
  });

  it('400 naming the field: a NUL byte in the message (Postgres text cannot hold it); nothing created', async () => {
    const before = await ticketCount();
    const res = await request(app())
      .post('/api/contact')
      .send(contactBody({ message: 'Bonjour\u0000' }))
      .expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields: { message: [expect.any(String)] } });
    expect(await ticketCount()).toBe(before);
  });

  it('429 too_many_attempts after 5 visitor messages in an hour from one address, 10 per customer account', async () => {
    const one = app();
    for (let i = 0; i < 5; i++) {
      await request(one)
        .post('/api/contact')
        .send(contactBody({ subject: `Message ${i}` }))
        .expect(201);
    }
    const before = await ticketCount();
    const blocked = await request(one)
      .post('/api/contact')
      .send(contactBody({ subject: 'Message 6' }))
      .expect(429);
    expect(blocked.body).toEqual({ error: 'too_many_attempts', message: expect.any(String) });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await ticketCount()).toBe(before);

    // A logged-in customer behind that same address (an office, a mobile network) is not held up
    // by the visitors: their messages count per account, 10 an hour.
    const user = await customer();
    for (let i = 0; i < 10; i++) {
      await request(one)
        .post('/api/contact')
        .set('Authorization', bearer(user.id))
        .send(contactBody({ subject: `Client ${i}` }))
        .expect(201);
    }
    const customerBefore = await ticketCount();
    await request(one).post('/api/contact').set('Authorization', bearer(user.id)).send(contactBody()).expect(429);
    expect(await ticketCount()).toBe(customerBefore);
  });

  it('the limiter takes its store from the app’s store factory (Redis when REDIS_URL is set)', async () => {
    const asked: string[] = [];
    const storeFor: RateLimitStoreFactory = (name) => {
      asked.push(name);
      return undefined;
    };
    createTestApp(database.db, { rateLimitStores: storeFor });
    expect(asked).toContain('contact');
  });
});

describe('GET /api/tickets', () => {
  it('401 without a session', async () => {
    const res = await request(app()).get('/api/tickets').expect(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it('200: only the customer’s own tickets, newest first, in the CustomerTicket shape', async () => {
    const [mine, theirs] = await Promise.all([customer('Camille Dubois'), customer('Sophie Lambert')]);
    const now = Date.now();
    const insert = (userId: number | null, subject: string, hoursAgo: number, status = 'open') =>
      database.db('support_tickets').insert({
        user_id: userId,
        name: 'x',
        email: 'x@example.test',
        subject,
        message: `Message: ${subject}`,
        status,
        created_at: new Date(now - hoursAgo * 3_600_000),
      });
    await insert(mine.id, 'Ancien', 48, 'closed');
    await insert(theirs.id, 'Pas le mien', 1);
    await insert(null, 'Visiteur', 2);
    await insert(mine.id, 'Récent', 3, 'in_progress');

    const res = await request(app()).get('/api/tickets').set('Authorization', bearer(mine.id)).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.tickets).toEqual([
      {
        id: expect.any(Number),
        subject: 'Récent',
        message: 'Message: Récent',
        status: 'in_progress',
        createdAt: expect.any(String),
        replies: [],
      },
      {
        id: expect.any(Number),
        subject: 'Ancien',
        message: 'Message: Ancien',
        status: 'closed',
        createdAt: expect.any(String),
        replies: [],
      },
    ]);
    expect(new Date(res.body.tickets[0].createdAt).getTime()).toBeCloseTo(now - 3 * 3_600_000, -3);

    const theirList = await request(app()).get('/api/tickets').set('Authorization', bearer(theirs.id)).expect(200);
    expect(theirList.body.tickets.map((t: { subject: string }) => t.subject)).toEqual(['Pas le mien']);
  });

  it('200 with an empty list for a customer without tickets', async () => {
    const user = await customer();
    const res = await request(app()).get('/api/tickets').set('Authorization', bearer(user.id)).expect(200);
    expect(res.body).toEqual({ tickets: [], next: null });
  });

  it('pages by keyset, newest first: every ticket of the customer once, ties broken by id; a bad cursor is a 400', async () => {
    const mine = await customer();
    const same = new Date('2026-03-01T10:00:00Z');
    await database.db('support_tickets').insert(
      Array.from({ length: 5 }, (_, i) => ({
        user_id: mine.id,
        name: 'Camille Dubois',
        email: 'camille@example.test',
        subject: `Ticket ${i}`,
        message: 'Bonjour',
        created_at: i < 3 ? same : new Date(same.getTime() + i * 60_000),
      })),
    );
    const expected = (
      await database
        .db('support_tickets')
        .where({ user_id: mine.id })
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
          .get('/api/tickets')
          .query({ limit: 2, ...(after && { after }) })
          .set('Authorization', bearer(mine.id))
          .expect(200)
      ).body as { tickets: { id: number }[]; next: number | null };
      expect(page.tickets.length).toBeLessThanOrEqual(2);
      walked.push(...page.tickets.map((t) => t.id));
      after = page.next ?? undefined;
    } while (after !== undefined);
    expect(walked).toEqual(expected);
    for (const [query, field] of [
      ['after=x', 'after'],
      ['limit=51', 'limit'],
    ]) {
      const res = await request(app()).get(`/api/tickets?${query}`).set('Authorization', bearer(mine.id)).expect(400);
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
  });
});

describe('POST /api/tickets', () => {
  it('201: an open ticket with the account’s name and e-mail, on top of the list; one audit row', async () => {
    const user = await customer('Inès Durand');
    const first = await request(app())
      .post('/api/tickets')
      .set('Authorization', bearer(user.id))
      .send({ subject: '  Connexion SSH  ', message: 'Je n’arrive pas à me connecter.' })
      .expect(201);
    expect(first.body).toEqual({
      ticket: {
        id: expect.any(Number),
        subject: 'Connexion SSH',
        message: 'Je n’arrive pas à me connecter.',
        status: 'open',
        createdAt: expect.any(String),
        replies: [],
      },
    });
    const row = await database.db('support_tickets').where({ id: first.body.ticket.id }).first();
    expect(row).toMatchObject({ user_id: user.id, name: 'Inès Durand', email: user.email, status: 'open' });
    const audit = await database.db('audit_log').where({ entity_type: 'support_ticket', entity_id: String(row.id) });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'ticket.create', actor_id: user.id, after: { source: 'support' } });

    const second = await request(app())
      .post('/api/tickets')
      .set('Authorization', bearer(user.id))
      .send({ subject: 'Facture', message: 'Question sur ma facture.' })
      .expect(201);
    const list = await request(app()).get('/api/tickets').set('Authorization', bearer(user.id)).expect(200);
    expect(list.body.tickets.map((t: { id: number }) => t.id)).toEqual([second.body.ticket.id, first.body.ticket.id]);
  });

  it('the body cannot choose the owner, name, e-mail or status', async () => {
    const [user, other] = await Promise.all([customer('Vrai Nom'), customer()]);
    const res = await request(app())
      .post('/api/tickets')
      .set('Authorization', bearer(user.id))
      .send({
        subject: 'Sujet',
        message: 'Texte',
        user_id: other.id,
        userId: other.id,
        name: 'Faux',
        email: 'faux@example.test',
        status: 'closed',
      })
      .expect(201);
    const row = await database.db('support_tickets').where({ id: res.body.ticket.id }).first();
    expect(row).toMatchObject({ user_id: user.id, name: 'Vrai Nom', email: user.email, status: 'open' });
    const theirs = await request(app()).get('/api/tickets').set('Authorization', bearer(other.id)).expect(200);
    expect(theirs.body.tickets).toEqual([]);
  });

  it('400 naming the field: a NUL byte in the subject; nothing created', async () => {
    const before = await ticketCount();
    const user = await customer();
    const res = await request(app())
      .post('/api/tickets')
      .set('Authorization', bearer(user.id))
      .send({ subject: 'Sujet\u0000', message: 'Texte' })
      .expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields: { subject: [expect.any(String)] } });
    expect(await ticketCount()).toBe(before);
  });

  it('401 without a session; 400 with field errors; nothing created', async () => {
    const before = await ticketCount();
    await request(app()).post('/api/tickets').send({ subject: 'Sujet', message: 'Texte' }).expect(401);
    const user = await customer();
    const res = await request(app())
      .post('/api/tickets')
      .set('Authorization', bearer(user.id))
      .send({ subject: 'x'.repeat(201), message: '   ' })
      .expect(400);
    expect(res.body.fields).toEqual({ subject: ['support.errorsubject'], message: ['support.errormessage'] });
    expect(await ticketCount()).toBe(before);
  });
});
