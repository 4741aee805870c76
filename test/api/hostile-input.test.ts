import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

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
