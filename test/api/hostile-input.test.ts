import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const app = () => createTestApp(database.db);

/** `{"email":[[[…"x"…]]]}`: arrays nested `depth` deep, sent as raw JSON text (about 16 bytes a level). */
function nestedBody(depth: number): string {
  return `{"email":${'['.repeat(depth)}"x"${']'.repeat(depth)}}`;
}

describe('a JSON body nested 3,000 deep (48 kB, under the body limit)', () => {
  const body = nestedBody(3000);

  it.each([
    ['/api/auth/login'],
    ['/api/auth/register'],
    ['/api/auth/forget-password-via-email'],
    ['/api/contact'],
    ['/api/cookie-consent'],
  ])('sent to %s before login is a 400 naming the depth, not a 500', async (path) => {
    expect(body.length).toBeLessThan(100 * 1024);
    const res = await request(app()).post(path).set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'validation_error',
      message: 'The body is nested too deeply',
      fields: { _: ['nested deeper than 64 levels'] },
    });
  });

  it('opens no ticket when it comes through the contact form', async () => {
    const before = await database.db('support_tickets').count({ n: '*' });
    await request(app()).post('/api/contact').set('Content-Type', 'application/json').send(body).expect(400);
    expect(await database.db('support_tickets').count({ n: '*' })).toEqual(before);
  });

  it('a body nested a sane depth still reaches the form check (400 with its fields)', async () => {
    const res = await request(app()).post('/api/auth/login').set('Content-Type', 'application/json').send(nestedBody(10));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toContain('email');
  });
});

describe('a date filter that is not a calendar day between 2000-01-01 and 2099-12-31', () => {
  const asAdmin = async (path: string, query: Record<string, string>) => {
    const admin = await buildStaff(database.db, 'admin');
    return request(app()).get(path).set('Authorization', staffBearer(admin.id)).query(query);
  };

  it.each([
    ['documents list', '/api/admin/billing/documents', { from: '2026-02-31' }, 'from'],
    ['documents list', '/api/admin/billing/documents', { from: '0000-00-00' }, 'from'],
    ['documents list', '/api/admin/billing/documents', { to: '2999-12-31' }, 'to'],
    ['documents list', '/api/admin/billing/documents', { from: '1999-12-31' }, 'from'],
    ['accountant export', '/api/admin/billing/export', { from: '2026-02-31', to: '2026-03-31' }, 'from'],
    ['accountant export', '/api/admin/billing/export', { from: '0000-00-00', to: '2026-03-31' }, 'from'],
    ['accountant export', '/api/admin/billing/export', { from: '2026-01-01', to: '2999-12-31' }, 'to'],
    ['audit log', '/api/admin/logs', { from: '2026-02-31' }, 'from'],
    ['audit log', '/api/admin/logs', { to: '2999-12-31T00:00:00Z' }, 'to'],
  ])('sent to the %s (%s %o) is a 400 naming %s, never clamped nor a 500', async (_what, path, query, field) => {
    const res = await asAdmin(path, query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });

  it('the first and last days of the range are accepted by the list and the export', async () => {
    const range = { from: '2000-01-01', to: '2099-12-31' };
    expect((await asAdmin('/api/admin/billing/documents', range)).status).toBe(200);
    expect((await asAdmin('/api/admin/billing/export', range)).status).toBe(200);
  });
});
