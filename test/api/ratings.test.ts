import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildAccount } from '../support/accounts';
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
// Each case starts with no ratings, so averages and counts are exact.
beforeEach(async () => {
  await database.db('ratings').del();
  await database.db('audit_log').del();
});

const app = () => responses.record(createTestApp(database.db));
const customer = () => buildAccount(database.db);
const rate = (userId: number, body: Record<string, unknown>) =>
  request(app()).post('/api/ratings').set('Authorization', bearer(userId)).send(body);
const ratingRows = () => database.db('ratings').select('user_id', 'rating').orderBy('id');

describe('GET /api/ratings/average', () => {
  it('200 for a visitor: 0 and 0 when nobody has rated, userRating null', async () => {
    const res = await request(app()).get('/api/ratings/average').expect(200);
    expect(res.body).toEqual({ average: 0, count: 0, userRating: null });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('200: the unrounded mean and the count after several customers, and the bearer user’s own rating', async () => {
    const [a, b, c] = await Promise.all([customer(), customer(), customer()]);
    for (const [user, rating] of [
      [a, 5],
      [b, 4],
      [c, 4],
    ] as const) {
      await rate(user.id, { rating }).expect(201);
    }
    const visitor = await request(app()).get('/api/ratings/average').expect(200);
    expect(visitor.body).toEqual({ average: 13 / 3, count: 3, userRating: null });

    const asB = await request(app()).get('/api/ratings/average').set('Authorization', bearer(b.id)).expect(200);
    expect(asB.body).toEqual({ average: 13 / 3, count: 3, userRating: 4 });

    const asBWithId = await request(app()).get(`/api/ratings/average?userId=${b.id}`).set('Authorization', bearer(b.id)).expect(200);
    expect(asBWithId.body).toEqual(asB.body);

    const notRated = await customer();
    const asOther = await request(app()).get('/api/ratings/average').set('Authorization', bearer(notRated.id)).expect(200);
    expect(asOther.body.userRating).toBeNull();
  });

  it('an expired or forged bearer counts as a visitor, not as an error', async () => {
    const res = await request(app()).get('/api/ratings/average').set('Authorization', 'Bearer a.b.c').expect(200);
    expect(res.body).toEqual({ average: 0, count: 0, userRating: null });
  });

  it('401: a userId without a (valid) bearer', async () => {
    const user = await customer();
    const res = await request(app()).get(`/api/ratings/average?userId=${user.id}`).expect(401);
    expect(res.body.error).toBe('unauthorized');
    await request(app()).get(`/api/ratings/average?userId=${user.id}`).set('Authorization', 'Bearer a.b.c').expect(401);
  });

  it('403: a userId that is not the bearer user’s', async () => {
    const [user, other] = await Promise.all([customer(), customer()]);
    await rate(other.id, { rating: 2 }).expect(201);
    const res = await request(app()).get(`/api/ratings/average?userId=${other.id}`).set('Authorization', bearer(user.id)).expect(403);
    expect(res.body).toEqual({ error: 'forbidden', message: expect.any(String) });
  });

  it('400: a userId that is not a positive whole number, or above the largest id (2147483647)', async () => {
    const user = await customer();
    for (const userId of ['abc', '2147483648', '99999999999999999999']) {
      const res = await request(app()).get(`/api/ratings/average?userId=${userId}`).set('Authorization', bearer(user.id)).expect(400);
      expect(Object.keys(res.body.fields)).toEqual(['userId']);
    }
  });
});

describe('GET /api/ratings/user/:userId', () => {
  it('200: the user’s own rating, or null before rating', async () => {
    const user = await customer();
    const before = await request(app()).get(`/api/ratings/user/${user.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(before.body).toEqual({ userRating: null });
    await rate(user.id, { rating: 3 }).expect(201);
    const after = await request(app()).get(`/api/ratings/user/${user.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(after.body).toEqual({ userRating: 3 });
  });

  it('404, never 500: an id above 2147483647 (Postgres integer) or a malformed one', async () => {
    const user = await customer();
    for (const id of ['2147483648', '99999999999999999999', 'abc', '1e3', '-1', '0', '07']) {
      const res = await request(app()).get(`/api/ratings/user/${id}`).set('Authorization', bearer(user.id));
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(res.body.error).toBe('not_found');
    }
  });

  it('401 without a session; 403 for another user’s id (their rating is not revealed)', async () => {
    const [user, other] = await Promise.all([customer(), customer()]);
    await rate(other.id, { rating: 5 }).expect(201);
    await request(app()).get(`/api/ratings/user/${other.id}`).expect(401);
    const res = await request(app()).get(`/api/ratings/user/${other.id}`).set('Authorization', bearer(user.id)).expect(403);
    expect(res.body).not.toHaveProperty('userRating');
  });
});

describe('POST /api/ratings', () => {
  it('201: stores the rating and answers the new average, count and userRating; one audit row', async () => {
    const [first, second] = await Promise.all([customer(), customer()]);
    await rate(first.id, { rating: 2 }).expect(201);
    const res = await rate(second.id, { userId: second.id, rating: 5 }).expect(201);
    expect(res.body).toEqual({ average: 3.5, count: 2, userRating: 5 });
    expect(await ratingRows()).toEqual([
      { user_id: first.id, rating: 2 },
      { user_id: second.id, rating: 5 },
    ]);
    const audit = await database.db('audit_log').where({ action: 'rating.create', actor_id: second.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity_type: 'rating', after: { rating: 5 } });
  });

  it('accepts the userId as a numeric string, as the page may send it', async () => {
    const user = await customer();
    await rate(user.id, { userId: String(user.id), rating: 4 }).expect(201);
  });

  it('401 without a session; nothing stored', async () => {
    const res = await request(app()).post('/api/ratings').send({ rating: 5 }).expect(401);
    expect(res.body.error).toBe('unauthorized');
    expect(await ratingRows()).toEqual([]);
  });

  it('400 with field errors: outside 1..5, not whole, not a number, missing; nothing stored', async () => {
    const user = await customer();
    for (const rating of [0, 6, -1, 3.5, '4', null, undefined]) {
      const res = await rate(user.id, { rating }).expect(400);
      expect(res.body).toMatchObject({ error: 'validation_error', fields: { rating: ['home.testimonials.errorrating'] } });
    }
    expect(await ratingRows()).toEqual([]);
    expect(await database.db('audit_log')).toEqual([]);
  });

  it('400 for a body userId above 2147483647; nothing stored', async () => {
    const user = await customer();
    const res = await rate(user.id, { userId: 2147483648, rating: 4 }).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['userId']);
    expect(await ratingRows()).toEqual([]);
  });

  it('403 when the body names another user; nothing stored for either', async () => {
    const [user, other] = await Promise.all([customer(), customer()]);
    const res = await rate(user.id, { userId: other.id, rating: 1 }).expect(403);
    expect(res.body.error).toBe('forbidden');
    expect(await ratingRows()).toEqual([]);
  });

  it('409 already_rated for a second rating; the first one and the average stay as they were', async () => {
    const user = await customer();
    await rate(user.id, { rating: 4 }).expect(201);
    const res = await rate(user.id, { rating: 1 }).expect(409);
    expect(res.body).toEqual({ error: 'already_rated', message: expect.any(String) });
    expect(await ratingRows()).toEqual([{ user_id: user.id, rating: 4 }]);
    expect(await database.db('audit_log').where({ action: 'rating.create' })).toHaveLength(1);
    const summary = await request(app()).get('/api/ratings/average').expect(200);
    expect(summary.body).toEqual({ average: 4, count: 1, userRating: null });
  });

  it('two submits racing: exactly one 201 and one 409', async () => {
    const user = await customer();
    const answers = await Promise.all([rate(user.id, { rating: 5 }), rate(user.id, { rating: 2 })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await ratingRows()).toHaveLength(1);
  });
});
