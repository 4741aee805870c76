import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViesFake, type ViesFake } from '../fakes/vies';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Issue 19, the profile: the customer changes their own identity and billing details.

const VALID_FR = 'FR12345678901';

let database: TestDatabase;
let vies: ViesFake;
beforeAll(async () => {
  database = await createTestDatabase();
  vies = await startViesFake({ valid: { [VALID_FR]: { name: 'OCTET SAS' } } });
});
afterAll(async () => {
  await database.destroy();
  await vies.close();
});

const app = () => createTestApp(database.db, { config: { viesUrl: vies.baseUrl } });

const identity = {
  userType: 'particulier',
  fullName: 'Camille Dubois',
  address: 'Rue du Marché 42, 1000 Bruxelles',
  phone: '+32470123456',
  country: 'BE',
  language: 'fr',
} as const;

const customer = () =>
  buildAccount(database.db, { full_name: 'Jean Test', address: 'Rue Haute 1, 1000 Bruxelles', phone: '+32470000000', country: 'BE' });

describe('GET /api/account/profile', () => {
  it('shows the caller’s own details, never a hash', async () => {
    const user = await customer();
    const res = await request(app()).get('/api/account/profile').set('Authorization', bearer(user.id)).expect(200);
    expect(res.body.profile).toMatchObject({
      id: user.id,
      email: user.email,
      fullName: 'Jean Test',
      hasPassword: true,
      pendingEmail: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('401 without a session', async () => {
    await request(app()).get('/api/account/profile').expect(401);
  });
});

describe('PATCH /api/account/profile', () => {
  it('saves name, address, phone and language, and audits the change', async () => {
    const user = await customer();
    const res = await request(app())
      .patch('/api/account/profile')
      .set('Authorization', bearer(user.id))
      .send({ ...identity, language: 'nl' })
      .expect(200);
    expect(res.body.profile).toMatchObject({ fullName: 'Camille Dubois', phone: '+32470123456', language: 'nl' });
    const row = await database.db('users').where({ id: user.id }).first();
    expect(row).toMatchObject({ full_name: 'Camille Dubois', address: identity.address, language: 'nl' });
    const audit = await database
      .db('audit_log')
      .where({ action: 'user.profile_update', entity_id: String(user.id) })
      .first();
    expect(audit.before.fullName).toBe('Jean Test');
    expect(audit.after.fullName).toBe('Camille Dubois');
  });

  it('a new VAT number is checked by VIES again: a valid French business gets the reverse charge', async () => {
    const user = await customer();
    const res = await request(app())
      .patch('/api/account/profile')
      .set('Authorization', bearer(user.id))
      .send({ ...identity, country: 'FR', userType: 'business', companyName: 'Octet SAS', vatNumber: VALID_FR })
      .expect(200);
    expect(res.body.vat).toMatchObject({ scheme: 'reverse_charge', check: 'valid', vatNumber: VALID_FR });
    expect(res.body.profile.vatCheck).toMatchObject({ status: 'valid', number: VALID_FR, name: 'OCTET SAS' });
    const asked = vies.requests.filter((r) => JSON.stringify(r.body).includes('12345678901'));
    expect(asked.length).toBeGreaterThan(0);
  });

  it('a number VIES refuses is saved but taxed as standard, and said so', async () => {
    const user = await customer();
    const res = await request(app())
      .patch('/api/account/profile')
      .set('Authorization', bearer(user.id))
      .send({ ...identity, country: 'FR', userType: 'business', companyName: 'Octet SAS', vatNumber: 'FR99999999999' })
      .expect(200);
    expect(res.body.vat.check).toBe('invalid');
    expect(res.body.vat.scheme).not.toBe('reverse_charge');
  });

  it('an open unpaid order keeps its totals: only future invoices follow the new details', async () => {
    const user = await customer();
    const [order] = await database
      .db('orders')
      .insert({ user_id: user.id, status: 'unpaid', subtotal_cents: 1000, tax_rate: 21, tax_cents: 210, total_cents: 1210 })
      .returning('*');
    await request(app())
      .patch('/api/account/profile')
      .set('Authorization', bearer(user.id))
      .send({ ...identity, country: 'FR', userType: 'business', companyName: 'Octet SAS', vatNumber: VALID_FR })
      .expect(200);
    const after = await database.db('orders').where({ id: order.id }).first();
    expect(after).toMatchObject({ status: 'unpaid', tax_cents: 210, total_cents: 1210 });
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const user = await customer();
    const res = await request(app())
      .patch('/api/account/profile')
      .set('Authorization', bearer(user.id))
      .send({ ...identity, fullName: '', phone: '12', country: 'XX', userType: 'business' })
      .expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(['fullName', 'phone', 'country', 'companyName', 'vatNumber']));
    expect(res.body.fields.phone).toEqual(['register.errorphone']);
    const row = await database.db('users').where({ id: user.id }).first();
    expect(row.full_name).toBe('Jean Test');
  });

  it('a country of another currency is refused (409): the wallet and invoices stay in one currency', async () => {
    const user = await customer();
    const res = await request(app())
      .patch('/api/account/profile')
      .set('Authorization', bearer(user.id))
      .send({ ...identity, country: 'US', phone: '+12025550123' })
      .expect(409);
    expect(res.body).toMatchObject({ error: 'currency_change', fields: { country: ['account.errorcountrycurrency'] } });
    expect((await database.db('users').where({ id: user.id }).first()).country).toBe('BE');
  });

  it('removeAvatar goes back to the initial', async () => {
    const user = await buildAccount(database.db, { avatar_url: 'https://cdn.discordapp.com/avatars/1/a.png' });
    const res = await request(app())
      .patch('/api/account/profile')
      .set('Authorization', bearer(user.id))
      .send({ ...identity, removeAvatar: true })
      .expect(200);
    expect(res.body.profile.avatarUrl).toBeNull();
  });
});
