import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buildSellableProduct, cartBody, startCardCheckout } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { paidCardOrder } from '../support/paid-orders';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 17: a rating may carry a short comment; it is published only once staff approve it, with
// the first name and initial and "client vérifié" when the author paid an order.

let database: TestDatabase;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  responses.expectNoSecrets();
  await database.destroy();
});
beforeEach(async () => {
  await database.db('ratings').del();
  await database.db('audit_log').del();
});

const app = () => responses.record(createTestApp(database.db));
const customer = (fullName = 'Jean Test') => buildAccount(database.db, { full_name: fullName, email_verified_at: new Date() });
const rate = (userId: number, body: Record<string, unknown>) =>
  request(app()).post('/api/ratings').set('Authorization', bearer(userId)).send(body);
const publicReviews = async (query = '') => (await request(app()).get(`/api/ratings/reviews${query}`).expect(200)).body;
const reviewIdOf = async (userId: number) => (await database.db('ratings').first('id').where({ user_id: userId }))!.id as number;
const moderate = (staffId: number, id: number, decision: 'approve' | 'reject') =>
  request(app()).post(`/api/admin/reviews/${id}/${decision}`).set('Authorization', staffBearer(staffId));

/** A customer who paid one order through the card sandbox (the real checkout and webhook path). */
async function buyer(fullName: string) {
  const user = await customer(fullName);
  await paidCardOrder(app(), database.db, user.id, cartBody(await buildSellableProduct(database.db)));
  return user;
}

describe('a rating with a comment', () => {
  it('keeps the language the comment was written in and publishes it with the review (issue 34)', async () => {
    const anna = await buyer('Anna Kowalska');
    const staff = await buildStaff(database.db, 'support');
    await rate(anna.id, { rating: 4, comment: 'Szybka pomoc.', language: 'pl' }).expect(201);
    expect(await database.db('ratings').first('comment_language').where({ user_id: anna.id })).toEqual({ comment_language: 'pl' });
    await moderate(staff.id, await reviewIdOf(anna.id), 'approve').expect(200);
    const { reviews } = await publicReviews();
    expect(reviews.find((r: { comment: string }) => r.comment === 'Szybka pomoc.')).toMatchObject({ language: 'pl' });
  });

  it('refuses a comment language the shop does not speak, storing nothing', async () => {
    const user = await customer('Hans Test');
    const res = await rate(user.id, { rating: 4, comment: 'Gut.', language: 'de' }).expect(400);
    expect(res.body.fields).toHaveProperty('language');
    expect(await database.db('ratings').where({ user_id: user.id }).first()).toBeUndefined();
  });

  it('counts in the average at once, while its comment waits for staff and is not public', async () => {
    const lucas = await buyer('Lucas Martin');
    const res = await rate(lucas.id, { rating: 5, comment: '  Serveur livré, support rapide.  ' }).expect(201);
    expect(res.body).toEqual({ average: 5, count: 1, userRating: 5 });

    const row = await database.db('ratings').first('*').where({ user_id: lucas.id });
    expect(row).toMatchObject({ comment: 'Serveur livré, support rapide.', comment_status: 'pending', moderated_by: null });
    expect(await publicReviews()).toEqual({ reviews: [], limit: 6, next: null, hasMore: false });
    const audit = await database.db('audit_log').where({ action: 'rating.create', actor_id: lucas.id });
    expect(audit[0]).toMatchObject({ after: { rating: 5, comment_status: 'pending' } });
  });

  it('a rating without a comment (or with only spaces) has nothing to moderate and never shows as a review', async () => {
    const [a, b] = await Promise.all([customer(), customer()]);
    await rate(a.id, { rating: 4 }).expect(201);
    await rate(b.id, { rating: 2, comment: '   ' }).expect(201);
    expect(await database.db('ratings').select('comment', 'comment_status')).toEqual([
      { comment: null, comment_status: null },
      { comment: null, comment_status: null },
    ]);
    const admin = await buildStaff(database.db, 'admin');
    const all = await request(app()).get('/api/admin/reviews?status=all').set('Authorization', staffBearer(admin.id)).expect(200);
    expect(all.body.reviews).toEqual([]);
    await moderate(admin.id, await reviewIdOf(a.id), 'approve').expect(404);
  });

  it('approved: shown with the first name and initial only, the stars, the date and "verified" for a buyer', async () => {
    const lucas = await buyer('Lucas Martin');
    await rate(lucas.id, { rating: 5, comment: 'Très bon hébergeur.' }).expect(201);
    const support = await buildStaff(database.db, 'support', { online: false, fullName: 'Nathan Leroy' });
    const id = await reviewIdOf(lucas.id);

    const approved = await moderate(support.id, id, 'approve').expect(200);
    expect(approved.body.review).toMatchObject({
      id,
      author: 'Lucas Martin',
      publicName: 'Lucas M.',
      status: 'approved',
      verified: true,
      moderatedBy: 'Nathan Leroy',
      moderatedAt: expect.any(String),
    });

    const body = await publicReviews();
    expect(body.reviews).toEqual([
      { id, author: 'Lucas M.', rating: 5, comment: 'Très bon hébergeur.', language: 'fr', createdAt: expect.any(String), verified: true },
    ]);
    // Nothing that names the customer leaves in the public list (the exact shape above: no id of theirs either).
    const text = JSON.stringify(body);
    for (const secret of ['Martin', lucas.email]) expect(text).not.toContain(secret);

    const audit = await database.db('audit_log').where({ action: 'rating.comment_approved' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: support.id,
      entity_type: 'rating',
      entity_id: String(id),
      before: { comment_status: 'pending' },
      after: { comment_status: 'approved' },
    });
  });

  it('"verified" only for an author with a paid order: an order left unpaid does not count', async () => {
    const sophie = await customer('Sophie Lambert');
    await startCardCheckout(app(), sophie.id, cartBody(await buildSellableProduct(database.db))); // never paid
    await rate(sophie.id, { rating: 4, comment: 'Commande simple.' }).expect(201);
    const admin = await buildStaff(database.db, 'admin');
    await moderate(admin.id, await reviewIdOf(sophie.id), 'approve').expect(200);
    expect((await publicReviews()).reviews).toEqual([expect.objectContaining({ author: 'Sophie L.', verified: false })]);
  });

  it('rejected: never shown, still counted in the average; a decision can be changed and the same one twice is a no-op', async () => {
    const [a, b] = await Promise.all([buyer('Emma Janssens'), customer('Thomas Peeters')]);
    await rate(a.id, { rating: 1, comment: 'Texte injurieux' }).expect(201);
    await rate(b.id, { rating: 5, comment: 'Parfait' }).expect(201);
    const manager = await buildStaff(database.db, 'manager');
    const rejectedId = await reviewIdOf(a.id);

    await moderate(manager.id, rejectedId, 'reject').expect(200);
    await moderate(manager.id, rejectedId, 'reject').expect(200);
    expect(await database.db('audit_log').where({ action: 'rating.comment_rejected' })).toHaveLength(1);
    expect((await publicReviews()).reviews).toEqual([]);
    expect((await request(app()).get('/api/ratings/average').expect(200)).body).toMatchObject({ average: 3, count: 2 });

    // Withdrawing a published comment: approve, then reject.
    const other = await reviewIdOf(b.id);
    await moderate(manager.id, other, 'approve').expect(200);
    expect((await publicReviews()).reviews).toHaveLength(1);
    await moderate(manager.id, other, 'reject').expect(200);
    expect((await publicReviews()).reviews).toEqual([]);
  });

  it('the public list is newest first and bounded (6 by default, at most 20 a page)', async () => {
    const admin = await buildStaff(database.db, 'admin');
    const users = await Promise.all(Array.from({ length: 8 }, () => customer()));
    for (const [index, user] of users.entries()) {
      await rate(user.id, { rating: 4, comment: `Avis ${index}` }).expect(201);
      await database
        .db('ratings')
        .where({ user_id: user.id })
        .update({ created_at: new Date(Date.now() - (10 - index) * 60_000) });
      await moderate(admin.id, await reviewIdOf(user.id), 'approve').expect(200);
    }
    const first = await publicReviews();
    expect(first.reviews.map((r: { comment: string }) => r.comment)).toEqual(['Avis 7', 'Avis 6', 'Avis 5', 'Avis 4', 'Avis 3', 'Avis 2']);
    expect(first.hasMore).toBe(true);
    expect(first.next).toBe(first.reviews[5].id);
    const second = await publicReviews(`?after=${first.next}`);
    expect(second.reviews.map((r: { comment: string }) => r.comment)).toEqual(['Avis 1', 'Avis 0']);
    expect(second.hasMore).toBe(false);
    const res = await request(app()).get('/api/ratings/reviews?limit=21').expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['limit']);
    const badCursor = await request(app()).get('/api/ratings/reviews?after=-1').expect(400);
    expect(Object.keys(badCursor.body.fields)).toEqual(['after']);
  });
});

describe('staff moderation queue', () => {
  it('pending ones oldest first with who wrote them; approved and rejected by status', async () => {
    const [a, b] = await Promise.all([customer('Camille Dubois'), customer('Lucas Martin')]);
    await rate(a.id, { rating: 5, comment: 'Premier' }).expect(201);
    await rate(b.id, { rating: 3, comment: 'Second' }).expect(201);
    await database
      .db('ratings')
      .where({ user_id: a.id })
      .update({ created_at: new Date(Date.now() - 3_600_000) });
    const support = await buildStaff(database.db, 'support');

    const pending = await request(app()).get('/api/admin/reviews').set('Authorization', staffBearer(support.id)).expect(200);
    expect(pending.headers['cache-control']).toBe('no-store');
    expect(pending.body).toMatchObject({ limit: 50, next: null, hasMore: false });
    // Oldest first, by keyset: the page after 'Premier' starts at 'Second'.
    const afterFirst = await request(app())
      .get('/api/admin/reviews')
      .query({ limit: 1, after: pending.body.reviews[0].id })
      .set('Authorization', staffBearer(support.id))
      .expect(200);
    expect(afterFirst.body.reviews.map((r: { comment: string }) => r.comment)).toEqual(['Second']);
    expect(
      (await request(app()).get('/api/admin/reviews?after=x').set('Authorization', staffBearer(support.id)).expect(400)).body.fields,
    ).toHaveProperty('after');
    expect(pending.body.reviews.map((r: { comment: string }) => r.comment)).toEqual(['Premier', 'Second']);
    expect(pending.body.reviews[0]).toMatchObject({
      author: 'Camille Dubois',
      email: a.email,
      userId: a.id,
      status: 'pending',
      verified: false,
    });

    await moderate(support.id, await reviewIdOf(b.id), 'reject').expect(200);
    const rejected = await request(app())
      .get('/api/admin/reviews?status=rejected')
      .set('Authorization', staffBearer(support.id))
      .expect(200);
    expect(rejected.body.reviews.map((r: { comment: string }) => r.comment)).toEqual(['Second']);
    const stillPending = await request(app()).get('/api/admin/reviews').set('Authorization', staffBearer(support.id)).expect(200);
    expect(stillPending.body.reviews.map((r: { comment: string }) => r.comment)).toEqual(['Premier']);
  });

  it('customers cannot moderate: 401 with their own session, 403 even with a staff token; nothing changes', async () => {
    const author = await customer();
    await rate(author.id, { rating: 5, comment: 'À publier ?' }).expect(201);
    const id = await reviewIdOf(author.id);
    const intruder = await customer();

    await request(app()).post(`/api/admin/reviews/${id}/approve`).set('Authorization', bearer(intruder.id)).expect(401);
    const res = await moderate(intruder.id, id, 'approve').expect(403);
    expect(res.body.error).toBe('forbidden_role');
    await request(app()).get('/api/admin/reviews').set('Authorization', staffBearer(intruder.id)).expect(403);
    await request(app()).post(`/api/admin/reviews/${id}/approve`).expect(401);

    expect(await database.db('ratings').first('comment_status', 'moderated_by').where({ id })).toEqual({
      comment_status: 'pending',
      moderated_by: null,
    });
    expect(await database.db('audit_log').whereNot({ action: 'rating.create' })).toEqual([]);
  });

  it('404 for a review that does not exist; 400 for an unknown status filter', async () => {
    const admin = await buildStaff(database.db, 'admin');
    await moderate(admin.id, 999_999, 'approve').expect(404);
    const res = await request(app()).get('/api/admin/reviews?status=published').set('Authorization', staffBearer(admin.id)).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['status']);
  });
});

describe('bad input and identity', () => {
  it('400 with field details for a comment over 500 characters or not text; nothing stored', async () => {
    const user = await customer();
    for (const comment of ['x'.repeat(501), 42, { text: 'hi' }]) {
      const res = await rate(user.id, { rating: 4, comment }).expect(400);
      expect(res.body).toMatchObject({ error: 'validation_error', fields: { comment: ['home.testimonials.errorcomment'] } });
    }
    expect(await database.db('ratings')).toEqual([]);
    expect(await database.db('audit_log')).toEqual([]);
    // 500 characters after trimming is fine.
    await rate(user.id, { rating: 4, comment: ` ${'é'.repeat(500)} ` }).expect(201);
  });

  it('the rating is the session user’s: another userId in the body is refused (403) and stores nothing for anyone', async () => {
    const [user, other] = await Promise.all([customer(), customer()]);
    await rate(user.id, { userId: other.id, rating: 1, comment: 'Au nom d’un autre' }).expect(403);
    expect(await database.db('ratings')).toEqual([]);
    // Without a userId (or with the own one) the rating is stored on the session user.
    await rate(user.id, { rating: 2, comment: 'Le mien' }).expect(201);
    expect(await database.db('ratings').select('user_id', 'comment')).toEqual([{ user_id: user.id, comment: 'Le mien' }]);
  });
});
