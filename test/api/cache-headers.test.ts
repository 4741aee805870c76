import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buyer } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { testPasswordHash } from '../support/passwords';
import { buildStaff, staffBearer } from '../support/staff';
import { validParams } from '../support/contract-sweep';
import { API_CONTRACT } from '../../shared/contract/index';
import { pathOf } from '../../shared/contract/endpoint';

// Issue 29, finding 8: answers that carry account data must not be kept by a browser or proxy
// (`Cache-Control: no-store`); /api/auth/me had none. The public catalogue keeps its caching, and
// the lists the panel polls keep `private, no-cache` with their ETag so they still answer 304.

let database: TestDatabase;
let app: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database.db);
});
afterAll(() => database.destroy());

describe('Cache-Control on account data', () => {
  it('someone reading /api/auth/me from a shared computer’s cache finds nothing: the answer is no-store', async () => {
    const user = await buyer(database.db);
    const res = await request(app).get('/api/auth/me').set('Authorization', bearer(user.id)).expect(200);
    expect(res.body.user.email).toBe(user.email);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/api/auth/me without a session is no-store too', async () => {
    const res = await request(app).get('/api/auth/me').expect(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a login answer (the token and the user) is no-store', async () => {
    const user = await buyer(database.db, { password_hash: await testPasswordHash('Known-pass-1') });
    const res = await request(app).post('/api/auth/login').send({ email: user.email, password: 'Known-pass-1' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  // Every GET of the contract that reads a session, with the caller's token: whatever it answers
  // (a page, a 404, a 400 for a missing filter), no-store, or private, no-cache with an ETag.
  const personal = API_CONTRACT.filter((d) => d.method === 'get' && ['session', 'optional-session', 'staff'].includes(d.access));
  it.each(personal.map((d) => [`GET ${d.path}`, d] as const))('%s with a bearer is never kept as it is', async (_name, declared) => {
    const customer = await buyer(database.db);
    const admin = await buildStaff(database.db, 'admin');
    const token = declared.access === 'staff' ? staffBearer(admin.id) : bearer(customer.id);
    const res = await request(app)
      .get(pathOf(declared, validParams(declared)))
      .set('Authorization', token);
    const cacheControl = res.headers['cache-control'];
    expect(cacheControl).toMatch(/^((private, )?no-store|private, no-cache)$/);
    // Revalidated, not dropped, only when there is an ETag to revalidate with.
    expect({ cacheControl, etag: cacheControl === 'private, no-cache' ? Boolean(res.headers.etag) : 'not needed' }).not.toEqual({
      cacheControl: 'private, no-cache',
      etag: false,
    });
  });

  it('the polled lists keep private, no-cache with an ETag, and still answer 304', async () => {
    const user = await buyer(database.db);
    const first = await request(app).get('/api/vps').set('Authorization', bearer(user.id)).expect(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    await request(app).get('/api/vps').set('Authorization', bearer(user.id)).set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('the public catalogue stays cacheable for everyone, bearer or not', async () => {
    const user = await buyer(database.db);
    for (const token of [undefined, bearer(user.id)]) {
      const call = request(app).get('/api/products');
      const res = await (token ? call.set('Authorization', token) : call).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
    }
  });
});
