import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/schemas/auth';
import { businessRegisterBody, countUsers, registerBody } from '../support/accounts';
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

/** A fresh app per test: the register limit (20 an hour per address) counts per app in memory. */
const app = () => responses.record(createTestApp(database.db));

const SESSION_USER_KEYS: (keyof SessionUser)[] = [
  'avatarUrl',
  'country',
  'currency',
  'email',
  'emailVerified',
  'fullName',
  'id',
  'language',
  'role',
  'userType',
];

describe('POST /api/auth/register', () => {
  it('201: creates an individual customer, unverified, with an argon2id hash, and returns a session', async () => {
    const body = registerBody({ email: 'Camille.Dubois@Example.test', language: 'nl' });
    const res = await request(app()).post('/api/auth/register').send(body).expect(201);

    expect(res.body).toMatchObject({ success: true, message: 'register.success', token: expect.any(String) });
    expect(Object.keys(res.body.user).sort()).toEqual(SESSION_USER_KEYS);
    expect(res.body.user).toMatchObject({
      email: 'camille.dubois@example.test',
      fullName: 'Camille Dubois',
      role: 'customer',
      userType: 'particulier',
      country: 'BE',
      currency: 'EUR',
      language: 'nl',
      emailVerified: false,
      avatarUrl: null,
    });

    const row = await database.db('users').where({ id: res.body.user.id }).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.email_verified_at).toBeNull();
    expect(row).toMatchObject({ role: 'customer', company_name: null, vat_number: null, phone: '+32 470 12 34 56' });

    const me = await request(app()).get('/api/auth/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(me.body.user).toEqual(res.body.user);
  });

  it('201: a business keeps its company and VAT number', async () => {
    const res = await request(app()).post('/api/auth/register').send(businessRegisterBody()).expect(201);
    expect(res.body.user.userType).toBe('business');
    const row = await database.db('users').where({ id: res.body.user.id }).first();
    expect(row).toMatchObject({ user_type: 'business', company_name: 'PixelForge SRL', vat_number: 'BE0123.456.789' });
  });

  it.each([
    ['CA', 'CAD'],
    ['US', 'USD'],
    ['FR', 'EUR'],
    ['BE', 'EUR'],
  ])('derives the currency from the country: %s gives %s', async (country, currency) => {
    const res = await request(app()).post('/api/auth/register').send(registerBody({ country })).expect(201);
    expect(res.body.user.currency).toBe(currency);
    expect((await database.db('users').where({ id: res.body.user.id }).first()).currency).toBe(currency);
  });

  it('writes the verification token (hash only, 24 h), the mail in the outbox, and an audit row', async () => {
    const res = await request(app()).post('/api/auth/register').send(registerBody()).expect(201);
    const { id, email } = res.body.user;
    const tokens = await database.db('one_time_tokens').where({ user_id: id });
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ purpose: 'verify_email', used_at: null });
    expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    const hoursLeft = (new Date(tokens[0].expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    const mail = await database.db('mail_outbox').where({ to_email: email }).first();
    expect(mail).toMatchObject({ template: 'verify_email', language: 'fr', status: 'pending' });
    expect(mail.text_body).toContain('http://shop.test/fr/verify-email?token=');

    const audit = await database
      .db('audit_log')
      .where({ action: 'user.register', entity_id: String(id) })
      .first();
    expect(audit).toMatchObject({ actor_id: id, entity_type: 'user' });
    expect(JSON.stringify(audit.after)).not.toMatch(/hash|password/i);
  });

  it('409: refuses an e-mail already used, in another case, and creates nothing', async () => {
    await request(app())
      .post('/api/auth/register')
      .send(registerBody({ email: 'sophie@example.test' }))
      .expect(201);
    const before = await countUsers(database.db);
    const res = await request(app())
      .post('/api/auth/register')
      .send(registerBody({ email: 'SOPHIE@Example.TEST' }))
      .expect(409);
    expect(res.body).toEqual({
      error: 'email_taken',
      message: expect.any(String),
      fields: { email: ['register.erroremailtaken'] },
    });
    expect(await countUsers(database.db)).toBe(before);
  });

  const refusals: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['a missing e-mail', { email: '' }, { email: ['register.erroremail'] }],
    ['a malformed e-mail', { email: 'not-an-email' }, { email: ['register.erroremail'] }],
    ['a short password', { password: '12345' }, { password: ['register.errorpasswordlength'] }],
    ['a missing full name', { fullName: '  ' }, { fullName: ['register.errorform'] }],
    ['a missing address', { address: '' }, { address: ['register.errorform'] }],
    ['a missing phone', { phone: '' }, { phone: ['register.errorform'] }],
    ['a phone of 16 digits', { phone: '+32 1234567890123456' }, { phone: ['register.errorphone'] }],
    ['an unknown country', { country: 'XX' }, { country: ['register.errorcountry'] }],
    ['a currency that is not the country’s', { country: 'BE', currency: 'USD' }, { currency: ['register.errorcurrency'] }],
    [
      'a business without company or VAT',
      { userType: 'business', companyName: '', vatNumber: null },
      { companyName: ['register.errorentreprise'], vatNumber: ['register.errorentreprise'] },
    ],
    ['a business without VAT', { userType: 'business', companyName: 'ACME' }, { vatNumber: ['register.errorentreprise'] }],
  ];

  it.each(refusals)('400: refuses %s with the locale key, and creates nothing', async (_case, change, fields) => {
    const before = await countUsers(database.db);
    const res = await request(app())
      .post('/api/auth/register')
      .send({ ...registerBody(), ...change })
      .expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields).sort()).toEqual(Object.keys(fields).sort());
    for (const [field, keys] of Object.entries(fields)) expect(res.body.fields[field]).toEqual(expect.arrayContaining(keys));
    expect(await countUsers(database.db)).toBe(before);
  });

  it('400: an empty body names every required field', async () => {
    const res = await request(app()).post('/api/auth/register').send({}).expect(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['address', 'email', 'fullName', 'password', 'phone']);
  });

  it('400 naming the field: a NUL byte in a text (Postgres text cannot hold it); nothing created', async () => {
    const before = await countUsers(database.db);
    const res = await request(app())
      .post('/api/auth/register')
      .send(registerBody({ fullName: 'Jean\u0000Dupont' }))
      .expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields: { fullName: [expect.any(String)] } });
    expect(await countUsers(database.db)).toBe(before);
  });

  it('ignores a role or verification sent by the client', async () => {
    const res = await request(app())
      .post('/api/auth/register')
      .send({ ...registerBody(), role: 'admin', emailVerified: true, email_verified_at: new Date().toISOString() })
      .expect(201);
    expect(res.body.user).toMatchObject({ role: 'customer', emailVerified: false });
  });

  it('429: the 21st registration within an hour from one address, with Retry-After', async () => {
    const one = app();
    for (let i = 0; i < 20; i++) await request(one).post('/api/auth/register').send({}).expect(400);
    const before = await countUsers(database.db);
    const res = await request(one).post('/api/auth/register').send(registerBody()).expect(429);
    expect(res.body).toMatchObject({ error: 'too_many_attempts', message: expect.any(String) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await countUsers(database.db)).toBe(before);
  });
});
