import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerIdentitySchema } from '../../shared/schemas/seller';
import { createTestApp, TEST_SELLER } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

describe('GET /api/seller', () => {
  it("answers anyone the configured seller's public identity, the one its documents print", async () => {
    const res = await request(createTestApp(database.db)).get('/api/seller').expect(200);
    expect(sellerIdentitySchema.parse(res.body)).toEqual(TEST_SELLER);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('follows the configuration: another seller, another answer', async () => {
    const other = { ...TEST_SELLER, name: 'Nordhost SRL', vatNumber: 'BE0456789034', enterpriseNumber: '0456.789.034', phone: null };
    const res = await request(createTestApp(database.db, { config: { seller: other } }))
      .get('/api/seller')
      .expect(200);
    expect(res.body).toEqual(other);
  });
});
