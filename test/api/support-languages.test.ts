import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Issue 34: the support languages are a setting, and the pages read it here.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('GET /api/support-languages', () => {
  it('answers French alone when the setting is not given', async () => {
    const res = await request(createTestApp(database.db)).get('/api/support-languages').expect(200);
    expect(res.body).toEqual({ languages: ['fr'] });
  });

  it('answers the languages of SUPPORT_LANGUAGES, in their order', async () => {
    const app = createTestApp(database.db, { config: { supportLanguages: ['fr', 'en'] } });
    const res = await request(app).get('/api/support-languages').expect(200);
    expect(res.body).toEqual({ languages: ['fr', 'en'] });
  });
});
