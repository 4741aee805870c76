import pino from 'pino';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport } from '../../server/providers/mail/index';
import { registerBody } from '../support/accounts';
import { createTestApp, createTestMailer } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { freePort } from '../support/postgres-admin';

const FROM = 'HubHost <no-reply@shop.test>';

let database: TestDatabase;
let smtp: SmtpCapture;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  responses.expectNoSecrets();
  await smtp.close();
  await database.destroy();
});

/** The app with the real SMTP adapter (nodemailer) pointed at the capturing SMTP peer. */
function appWithSmtp(smtpUrl = smtp.url, logger = pino({ level: 'silent' })) {
  const mailer = createTestMailer(database.db, createMailTransport({ smtpUrl, from: FROM }, logger));
  return { app: responses.record(createTestApp(database.db, { mailer })), mailer };
}

const linkToken = (text: string, path: string) => new RegExp(`/${path}\\?token=([\\w-]+)`).exec(text)?.[1] ?? '';

describe('mails through SMTP', () => {
  it('sends the verification mail in Dutch to a Dutch registrant; its link verifies the account', async () => {
    const { app, mailer } = appWithSmtp();
    const body = registerBody({ language: 'nl', fullName: 'Emma Janssens' });
    const reg = await request(app).post('/api/auth/register').send(body).expect(201);
    await mailer.idle();

    const mail = await smtp.waitForMail(body.email);
    expect(mail.to).toEqual([body.email]);
    expect(mail.from).toBe('no-reply@shop.test');
    expect(mail.subject).toBe('Bevestig uw e-mailadres');
    expect(mail.text).toContain('Hallo Emma Janssens,');
    expect(mail.text).toContain('Deze link is 24 uur geldig.');
    expect(mail.html).toContain('Mijn e-mailadres bevestigen');
    const token = linkToken(mail.text, 'nl/verify-email');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail.html).toContain(`http://shop.test/nl/verify-email?token=${token}`);

    const row = await database.db('mail_outbox').where({ to_email: body.email }).first();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, language: 'nl' });
    expect(row.sent_at).toBeInstanceOf(Date);

    await request(app).post('/api/auth/verify-email').send({ token }).expect(200);
    const me = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${reg.body.token}`).expect(200);
    expect(me.body.user.emailVerified).toBe(true);
  });

  it.each([
    ['fr', 'Confirmez votre adresse e-mail', 'Bonjour'],
    ['en', 'Confirm your e-mail address', 'Hello'],
    ['pl', 'Potwierdź swój adres e-mail', 'Dzień dobry'],
  ] as const)('writes the verification mail in %s', async (language, subject, greeting) => {
    const { app, mailer } = appWithSmtp();
    const body = registerBody({ language });
    await request(app).post('/api/auth/register').send(body).expect(201);
    await mailer.idle();
    const mail = await smtp.waitForMail(body.email);
    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith(`${greeting} Camille Dubois,`)).toBe(true);
    expect(mail.text).toContain(`http://shop.test/${language}/verify-email?token=`);
  });

  it('sends the reset mail in the account’s language; its link resets the password', async () => {
    const { app, mailer } = appWithSmtp();
    const body = registerBody({ language: 'pl', password: 'Stare-haslo-1' });
    await request(app).post('/api/auth/register').send(body).expect(201);
    await request(app).post('/api/auth/forget-password-via-email').send({ email: body.email }).expect(200);
    await mailer.idle();

    const mail = smtp.mails.find((m) => m.to.includes(body.email) && m.subject === 'Resetowanie hasła');
    expect(mail?.text).toContain('Link jest ważny przez 1 godzinę');
    const token = linkToken(mail?.text ?? '', 'pl/reset-password');
    await request(app).post('/api/auth/reset-password').send({ token, newPassword: 'Nowe-haslo-2' }).expect(200);
    await request(app).post('/api/auth/login').send({ email: body.email, password: 'Nowe-haslo-2' }).expect(200);
  });

  it('escapes the name in the HTML body', async () => {
    const { app, mailer } = appWithSmtp();
    const body = registerBody({ fullName: '<img src=x onerror=alert(1)> & "Co"' });
    await request(app).post('/api/auth/register').send(body).expect(201);
    await mailer.idle();
    const mail = await smtp.waitForMail(body.email);
    expect(mail.html).toContain('Bonjour &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;,');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('Bonjour <img src=x onerror=alert(1)> & "Co",'); // plain text stays as typed
  });

  it('keeps the outbox row for a retry (attempts, last error) when the SMTP server cannot be reached', async () => {
    const { app, mailer } = appWithSmtp(`smtp://127.0.0.1:${await freePort()}`);
    const body = registerBody();
    await request(app).post('/api/auth/register').send(body).expect(201); // the account exists all the same
    await mailer.idle();
    const row = await database.db('mail_outbox').where({ to_email: body.email }).first();
    // The mail-outbox job tries again a minute later (test/api/mail-outbox.test.ts follows it through).
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('mails without SMTP (outbox only)', () => {
  it('keeps the mail pending in the outbox and logs recipient and subject, never the link or a secret', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const mailer = createTestMailer(database.db, createMailTransport({ smtpUrl: undefined, from: FROM }, logger));
    const app = responses.record(createTestApp(database.db, { mailer, logger }));
    const body = registerBody({ password: 'Tres-secret-42' });

    const reg = await request(app).post('/api/auth/register').send(body).expect(201);
    await mailer.idle();
    const row = await database.db('mail_outbox').where({ to_email: body.email }).first();
    expect(row).toMatchObject({ status: 'pending', attempts: 0, subject: 'Confirmez votre adresse e-mail' });
    const token = linkToken(row.text_body, 'fr/verify-email');
    await request(app).post('/api/auth/verify-email').send({ token }).expect(200);
    await request(app).get('/api/auth/check-verified').query({ email: body.email }).set('Authorization', `Bearer ${reg.body.token}`);
    await request(app).post('/api/auth/login').send({ email: body.email, password: body.password }).expect(200);
    await request(app).post('/api/auth/forget-password-via-email').send({ email: body.email }).expect(200);
    await mailer.idle();
    await new Promise((r) => setImmediate(r));

    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'mail kept in outbox', to: body.email, subject: 'Confirmez votre adresse e-mail' }),
    );
    const all = lines.join('\n');
    for (const secret of [token, body.password, reg.body.token, 'verify-email?token', 'reset-password?token', '$argon2']) {
      expect(all).not.toContain(secret);
    }
  });
});
