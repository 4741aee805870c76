import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createJobQueue } from '../../server/jobs/job-queue';
import { MAIL_OUTBOX_QUEUE } from '../../server/jobs/queues';
import { documentAttachments } from '../../server/modules/invoices/document-attachments';
import { createMailer, type Mailer } from '../../server/modules/mail/mail.service';
import { createMailOutboxJob, MAIL_OUTBOX_CRON, startMailOutbox } from '../../server/modules/mail/mail-outbox.job';
import { createMailTransport } from '../../server/providers/mail/index';
import type { MailTransport } from '../../server/providers/mail/types';
import { bearer, uniqueEmail } from '../support/accounts';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app';
import { buyer, buildSellableProduct, cartBody } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { freePort } from '../support/postgres-admin';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { startSmtpTarpit } from '../fakes/smtp-tarpit';
import { buildStaff, staffBearer } from '../support/staff';

const FROM = 'HubHost <no-reply@shop.test>';
const logger = pino({ level: 'silent' });

let database: TestDatabase;
let smtp: SmtpCapture;
let refusedUrl: string;
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
  refusedUrl = `smtp://127.0.0.1:${await freePort()}`; // nobody listens there: connection refused
});
afterAll(async () => {
  await smtp.close();
  await database.destroy();
});

const db = () => database.db;

/**
 * The real SMTP adapter, pointed at a port that refuses until `peerBack()`, then at the capturing
 * peer: a mail server that is down for a while.
 */
function flakySmtp() {
  const refused = createMailTransport({ smtpUrl: refusedUrl, from: FROM }, logger);
  const working = createMailTransport({ smtpUrl: smtp.url, from: FROM }, logger);
  let current = refused;
  const transport: MailTransport = {
    delivers: true,
    maxSendMs: working.maxSendMs,
    send: (mail) => current.send(mail),
    close: async () => {},
  };
  return { transport, peerBack: () => (current = working) };
}

function mailerOn(transport: MailTransport, clock: MovableClock): Mailer {
  return createMailer({ db: db(), transport, attachments: documentAttachments, publicUrl: TEST_PUBLIC_URL, logger, clock });
}

/** A notice written the way the billing code writes them; answers the outbox id and the address. */
async function queueNotice(mailer: Mailer, language: 'fr' | 'nl' | 'en' | 'pl' = 'fr') {
  const email = uniqueEmail('mail');
  const id = await db().transaction((trx) =>
    mailer.queueNotice(
      trx,
      { email, fullName: 'Zoë Martin', language },
      {
        template: 'serviceReactivated',
        path: 'PanelCLient?tab=vps',
        vars: { serviceName: 'vps-alpha', expiresAt: '01/04/2027' },
        details: [['service', 'vps-alpha']],
        dedupeKey: `test-${email}`,
      },
    ),
  );
  return { id: id!, email };
}

const outboxRow = (id: number) => db()('mail_outbox').where({ id }).first();
const minutesBetween = (later: Date, earlier: Date) => Math.round((later.getTime() - earlier.getTime()) / 60_000);

describe('mail outbox retries (real SMTP peer)', () => {
  it('retries a refused mail with backoff as the clock passes each next try, and delivers it once the peer is back', async () => {
    const clock = createMovableClock();
    const smtpServer = flakySmtp();
    const mailer = mailerOn(smtpServer.transport, clock);
    const { id, email } = await queueNotice(mailer, 'nl');
    mailer.send([id]);
    await mailer.idle();

    let row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(minutesBetween(row.next_attempt_at, clock.now())).toBe(1);

    // Not due yet: the job leaves it alone.
    clock.advance({ minutes: 0.5 });
    expect(await mailer.drain()).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect((await outboxRow(id)).attempts).toBe(1);

    clock.advance({ minutes: 0.5 });
    expect((await mailer.drain()).retry).toBeGreaterThanOrEqual(1);
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(minutesBetween(row.next_attempt_at, clock.now())).toBe(5);

    clock.advance({ minutes: 5 });
    await mailer.drain();
    row = await outboxRow(id);
    expect(row.attempts).toBe(3);
    expect(minutesBetween(row.next_attempt_at, clock.now())).toBe(15);

    smtpServer.peerBack();
    clock.advance({ minutes: 15 });
    await mailer.drain();
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 4, last_error: null });
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Uw server vps-alpha is opnieuw geactiveerd');
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('marks a mail failed after the sixth try; the Logs list shows it, and "send again" delivers it (audited)', async () => {
    const clock = createMovableClock();
    const smtpServer = flakySmtp();
    const mailer = mailerOn(smtpServer.transport, clock);
    const app = createTestApp(db(), { mailer });
    const admin = await buildStaff(db(), 'admin');
    const { id, email } = await queueNotice(mailer);
    mailer.send([id]);
    await mailer.idle();

    for (const minutes of [1, 5, 15, 60, 180]) {
      const before = await outboxRow(id);
      expect(before.status).toBe('pending');
      // The Logs list shows it while it waits for its next try.
      const waiting = await request(app).get('/api/admin/mail-failures').set('Authorization', staffBearer(admin.id)).expect(200);
      expect(waiting.body.mails.find((m: { id: number }) => m.id === id)).toMatchObject({
        status: 'pending',
        attempts: before.attempts,
        nextAttemptAt: before.next_attempt_at.toISOString(),
      });
      clock.advance({ minutes });
      await mailer.drain();
    }
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 6 });

    // Given up: the job does not take it again, however late.
    clock.advance({ days: 2 });
    await mailer.drain();
    expect((await outboxRow(id)).attempts).toBe(6);

    const list = await request(app).get('/api/admin/mail-failures').set('Authorization', staffBearer(admin.id)).expect(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toMatchObject({ limit: 50, next: null, hasMore: false });
    expect(list.body.mails[0]).toEqual({
      id,
      status: 'failed',
      to: email,
      template: 'service_reactivated',
      subject: 'Votre serveur vps-alpha est réactivé',
      language: 'fr',
      attempts: 6,
      lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
      nextAttemptAt: null,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(list.body)).not.toContain('Bonjour'); // no mail body (it may hold a one-time link)

    smtpServer.peerBack();
    const retried = await request(app).post(`/api/admin/mail-failures/${id}/retry`).set('Authorization', staffBearer(admin.id)).expect(200);
    expect(retried.body.mail).toMatchObject({ id, status: 'pending' });
    await mailer.idle();
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 7 });
    expect((await smtp.waitForMail(email)).subject).toBe('Votre serveur vps-alpha est réactivé');

    const audit = await db()('audit_log').where({ entity_type: 'mail', entity_id: String(id) });
    expect(audit).toMatchObject([{ actor_id: admin.id, action: 'mail.retry_requested' }]);
    const after = await request(app).get('/api/admin/mail-failures').set('Authorization', staffBearer(admin.id)).expect(200);
    expect(after.body.mails.some((m: { id: number }) => m.id === id)).toBe(false);

    // A sent mail is not sent again: 404.
    await request(app).post(`/api/admin/mail-failures/${id}/retry`).set('Authorization', staffBearer(admin.id)).expect(404);
  });

  it('two instances draining at once send each due mail once', async () => {
    const clock = createMovableClock();
    const transport = () => createMailTransport({ smtpUrl: smtp.url, from: FROM }, logger);
    const [first, second] = [mailerOn(transport(), clock), mailerOn(transport(), clock)];
    const queued = [await queueNotice(first), await queueNotice(first), await queueNotice(first)];

    const reports = await Promise.all([first.drain(), second.drain(), first.drain(), second.drain()]);
    for (const { id, email } of queued) {
      expect((await outboxRow(id)).status).toBe('sent');
      await smtp.waitForMail(email);
    }
    await new Promise((r) => setTimeout(r, 100)); // room for a late duplicate to show up
    for (const { email } of queued) expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect(reports.every((r) => r.retry === 0 && r.failed === 0)).toBe(true);
  });

  it('a mail claimed by a sender is left alone while the claim lasts, and taken again once it ran out (that sender died)', async () => {
    const clock = createMovableClock();
    const tarpit = await startSmtpTarpit(smtp);
    try {
      // The first sender's send hangs for good (its server never greets): as far as the outbox knows, it died mid-send.
      const timeouts = { connectMs: 120_000, sendMs: 120_000 };
      const dying = mailerOn(createMailTransport({ smtpUrl: tarpit.url, from: FROM, timeouts }, logger), clock);
      const other = mailerOn(createMailTransport({ smtpUrl: smtp.url, from: FROM, timeouts }, logger), clock);
      const { id, email } = await queueNotice(dying);
      dying.send([id]);
      await tarpit.waitForHeld(1);
      const claimed = await outboxRow(id);
      expect(claimed).toMatchObject({ status: 'pending', attempts: 0 });
      // The claim covers the longest send and a margin to record its result.
      expect(minutesBetween(claimed.claimed_until, clock.now())).toBe(3);

      // Another instance, with a working server, does not send it while the claim lasts.
      clock.advance({ minutes: 2 });
      await other.drain();
      other.send([id]);
      await other.idle();
      expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(0);
      expect(await outboxRow(id)).toMatchObject({ status: 'pending', claim_token: claimed.claim_token });

      // Past the claim, the mail is taken again and leaves.
      clock.advance({ minutes: 1.5 });
      await other.drain();
      expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1, claimed_until: null, claim_token: null });
      await smtp.waitForMail(email);

      // The dead sender's late failure is not recorded over the delivered mail.
      await tarpit.close();
      await dying.idle();
      expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      await tarpit.close();
    }
  });

  it('the sandbox (no SMTP) never retries: mails stay pending, untried', async () => {
    const clock = createMovableClock();
    const sandbox = mailerOn(createMailTransport({ smtpUrl: undefined, from: FROM }, logger), clock);
    const { id } = await queueNotice(sandbox);
    sandbox.send([id]);
    await sandbox.idle();
    clock.advance({ days: 1 });
    expect(await sandbox.drain()).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
  });

  it('the mail-outbox job drains; instances starting it register one schedule', async () => {
    const clock = createMovableClock();
    const mailer = mailerOn(createMailTransport({ smtpUrl: smtp.url, from: FROM }, logger), clock);
    const { id } = await queueNotice(mailer);
    await createMailOutboxJob(mailer)();
    expect((await outboxRow(id)).status).toBe('sent');

    const instances = [createJobQueue(db(), logger), createJobQueue(db(), logger)];
    try {
      for (const jobs of instances) {
        await jobs.start();
        await startMailOutbox(jobs, mailer);
      }
      const schedules = await db()('pgboss.schedule').where({ name: MAIL_OUTBOX_QUEUE.name });
      expect(schedules).toMatchObject([{ cron: MAIL_OUTBOX_CRON, timezone: 'UTC' }]);
    } finally {
      await Promise.all(instances.map((jobs) => jobs.stop()));
    }
  });
});

describe('order received mail', () => {
  it('a card order mails "order received" in the customer\'s language', async () => {
    const clock = createMovableClock();
    const mailer = mailerOn(createMailTransport({ smtpUrl: smtp.url, from: FROM }, logger), clock);
    const app = createTestApp(db(), { mailer });
    const user = await buyer(db(), { language: 'pl', full_name: 'Anna Kowalska' });
    const product = await buildSellableProduct(db());
    const res = await request(app)
      .post('/api/checkout/stripe')
      .set('Authorization', bearer(user.id))
      .send(cartBody(product, 1, { userId: user.id, lng: 'pl' }))
      .expect(201);
    await mailer.idle();

    const orderId = res.body.orderId as number;
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe(`Otrzymaliśmy Twoje zamówienie nr ${orderId}`);
    expect(mail.text).toContain('Dzień dobry Anna Kowalska,');
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/pl/PanelCLient?tab=factures`);
    const rows = await db()('mail_outbox').where({ dedupe_key: `order-received-${orderId}` });
    expect(rows).toMatchObject([{ template: 'order_received', language: 'pl', status: 'sent' }]);
  });
});
