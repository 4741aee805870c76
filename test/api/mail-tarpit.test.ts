import knex, { type Knex } from 'knex';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAttachments } from '../../server/modules/invoices/document-attachments';
import { createMailer, type Mailer } from '../../server/modules/mail/mail.service';
import { createMailTransport } from '../../server/providers/mail/index';
import type { SmtpTimeouts } from '../../server/providers/mail/smtp';
import { startSmtpTarpit, type SmtpTarpit } from '../fakes/smtp-tarpit';
import { registerBody, uniqueEmail } from '../support/accounts';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { countNothingStores } from '../support/rate-limits';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';

// A mail server that accepts the connection and never greets (a tarpit). The mails wait; the API
// must not: sending holds no database connection, so even a pool far smaller than the number of
// stuck sends keeps answering.

const FROM = 'HubHost <no-reply@shop.test>';
const logger = pino({ level: 'silent' });
/** Longer than the test: the stuck sends end only when the tarpit recovers. */
const PATIENT: SmtpTimeouts = { connectMs: 120_000, sendMs: 120_000 };
const POOL_SIZE = 3;
const REGISTRATIONS = 12;

let database: TestDatabase;
let peer: SmtpCapture;
const tarpits: SmtpTarpit[] = [];
const pools: Knex[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  peer = await startSmtpCapture();
});
afterAll(async () => {
  await Promise.all(tarpits.map((t) => t.close()));
  await Promise.all(pools.map((p) => p.destroy()));
  await peer.close();
  await database.destroy();
});

const db = () => database.db;

async function tarpit(): Promise<SmtpTarpit> {
  const t = await startSmtpTarpit(peer);
  tarpits.push(t);
  return t;
}

/**
 * The app's own pool, small on purpose. A request that cannot get a connection fails after 10 s
 * (knex's default is 60 s): with the old sender, which held one per stuck send, the fourth
 * registration failed that way.
 */
function smallPool(): Knex {
  const pool = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: POOL_SIZE }, acquireConnectionTimeout: 10_000 });
  pools.push(pool);
  return pool;
}

function mailerOn(pool: Knex, smtpUrl: string, timeouts: SmtpTimeouts): Mailer {
  return createMailer({
    db: pool,
    transport: createMailTransport({ smtpUrl, from: FROM, timeouts }, logger),
    attachments: documentAttachments,
    publicUrl: TEST_PUBLIC_URL,
    logger,
  });
}

/** A notice queued as the billing code queues them, left for the outbox job (no first try). */
async function queueNotice(mailer: Mailer): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('notice');
  const id = await db().transaction((trx) =>
    mailer.queueNotice(
      trx,
      { email, fullName: 'Zoë Martin', language: 'fr' },
      {
        template: 'serviceReactivated',
        path: 'PanelCLient?tab=vps',
        vars: { serviceName: 'vps-alpha', expiresAt: '01/04/2027' },
        dedupeKey: `tarpit-${email}`,
      },
    ),
  );
  return { id: id!, email };
}

/** Sessions of this database left inside an open transaction (none while mails are merely waiting). */
async function openTransactions(): Promise<number> {
  const { rows } = await db().raw<{ rows: { n: number }[] }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
  );
  return rows[0]!.n;
}

describe('a mail server that never greets', () => {
  it('holds the mails, not the API: a pool of 3 serves every call while 13 sends are stuck; the mails leave once it greets', async () => {
    const pit = await tarpit();
    const pool = smallPool();
    const mailer = mailerOn(pool, pit.url, PATIENT);
    const app = createTestApp(pool, { mailer, rateLimitStores: countNothingStores });

    // Twelve registrations, each queuing a verification mail whose first try hangs in the tarpit.
    const accounts: { email: string; password: string; token: string }[] = [];
    for (let i = 0; i < REGISTRATIONS; i++) {
      const body = registerBody();
      const res = await request(app).post('/api/auth/register').send(body).expect(201);
      accounts.push({ email: body.email, password: body.password, token: res.body.token as string });
    }
    await pit.waitForHeld(REGISTRATIONS);

    // The outbox job runs too, and is stuck on the mail it took.
    const notice = await queueNotice(mailer);
    const draining = mailer.drain();
    await pit.waitForHeld(REGISTRATIONS + 1);

    // Every send is waiting on the mail server, none on (or holding) the database.
    expect(pool.client.pool.numUsed()).toBe(0);
    expect(await openTransactions()).toBe(0);

    // The API answers as usual, each call needing the pool that the stuck sends leave free.
    for (const account of accounts.slice(0, 4)) {
      const me = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${account.token}`).expect(200);
      expect(me.body.user.email).toBe(account.email);
    }
    const login = await request(app)
      .post('/api/auth/login')
      .send({ email: accounts[5]!.email, password: accounts[5]!.password })
      .expect(200);
    expect(login.body.token).toEqual(expect.any(String));
    const products = await request(app).get('/api/products').expect(200);
    expect(products.body).toEqual(expect.any(Array));
    const late = registerBody();
    await request(app).post('/api/auth/register').send(late).expect(201);
    await pit.waitForHeld(REGISTRATIONS + 2);

    // A second instance's outbox job leaves the claimed mails alone, though its own server works.
    const other = mailerOn(db(), peer.url, PATIENT);
    expect(await other.drain()).toEqual({ sent: 0, retry: 0, failed: 0 });
    const addresses = [...accounts.map((a) => a.email), notice.email, late.email];
    expect(peer.mails.filter((m) => addresses.some((a) => m.to.includes(a)))).toEqual([]);
    const waiting = await db()('mail_outbox').whereIn('to_email', addresses);
    expect(waiting).toHaveLength(addresses.length);
    for (const row of waiting) {
      expect(row).toMatchObject({ status: 'pending', attempts: 0, sent_at: null });
      expect(row.claimed_until).toBeInstanceOf(Date);
    }

    // The server greets at last: every mail leaves, once.
    pit.recover();
    await mailer.idle();
    expect(await draining).toMatchObject({ sent: 1, retry: 0, failed: 0 });
    for (const address of addresses) await peer.waitForMail(address);
    for (const address of addresses) expect(peer.mails.filter((m) => m.to.includes(address))).toHaveLength(1);
    const verify = await peer.waitForMail(accounts[0]!.email);
    expect(verify.subject).toBe('Confirmez votre adresse e-mail');
    const sent = await db()('mail_outbox').whereIn('to_email', addresses);
    for (const row of sent)
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, claimed_until: null, claim_token: null });
    expect(pit.accepted).toBe(addresses.length);
  });
});

describe('SMTP timeouts', () => {
  it('gives up on a server that does not greet within the connect timeout; the mail waits for its retry', async () => {
    const pit = await tarpit();
    const mailer = mailerOn(db(), pit.url, { connectMs: 300, sendMs: 60_000 });
    const { id } = await queueNotice(mailer);
    mailer.send([id]);
    await mailer.idle();

    const row = await db()('mail_outbox').where({ id }).first();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimed_until: null, claim_token: null });
    expect(row.last_error).toMatch(/greeting/i);
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('abandons a send at the send timeout whatever step it is in (the bound a sender claims a mail for)', async () => {
    const pit = await tarpit();
    const mailer = mailerOn(db(), pit.url, { connectMs: 60_000, sendMs: 300 });
    const { id } = await queueNotice(mailer);
    mailer.send([id]);
    await mailer.idle();

    const row = await db()('mail_outbox').where({ id }).first();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimed_until: null });
    expect(row.last_error).toMatch(/abort/i);
  });
});
