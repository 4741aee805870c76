import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../server/jobs/job-queue';
import { EINVOICE_SWEEP_QUEUE, SESSION_PRUNE_QUEUE } from '../../server/jobs/queues';
import { startMollieFake, type MollieFake } from '../fakes/mollie';
import { bearer } from '../support/accounts';
import { createTestApp, testLogger } from '../support/app';
import { buildSellableProduct, buyer, cartBody, startCardCheckout } from '../support/checkout';
import { buildDeliveredGameServer, buildUser } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';

const TOKEN = 'metrics-token-for-the-test-0123456789';

let database: TestDatabase;
let mollie: MollieFake;
beforeAll(async () => {
  database = await createTestDatabase();
  mollie = startMollieFake();
});
afterAll(async () => {
  mollie.stop();
  await database.destroy();
});

const app = () =>
  createTestApp(database.db, { config: { metricsToken: TOKEN, mollie: { apiKey: mollie.apiKey, apiBase: mollie.apiBase } } });
const scrape = async () => (await request(app()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers 401 without the token, with a wrong one, and to everyone when METRICS_TOKEN is unset', async () => {
    const res = await request(app()).get('/metrics').expect(401);
    expect(res.text).not.toContain('http_request_duration_seconds');
    await request(app()).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await request(app()).get('/metrics').set('Authorization', `Basic ${TOKEN}`).expect(401);
    await request(app()).get('/metrics').set('Authorization', TOKEN).expect(401);
    await request(createTestApp(database.db)).get('/metrics').set('Authorization', 'Bearer undefined').expect(401);
    await request(createTestApp(database.db)).get('/metrics').set('Authorization', 'Bearer ').expect(401);
  });

  it('shows requests by route template, method and status, never the raw URL', async () => {
    const shop = app();
    await request(shop).get('/api/products').expect(200);
    await request(shop).get('/api/orders/987654').expect(401); // no session: the template still names the route
    await request(shop).get('/api/no-such-thing/123456').expect(404);

    const res = await request(shop).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, 'http_request_duration_seconds_count{route="/api/products",method="GET",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count{route="/api/orders/{id}",method="GET",status="401"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'http_request_duration_seconds_count{route="(unmatched)",method="GET",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('no-such-thing');
  });

  it('names every family the alerts and dashboards read: jobs, outbox, webhooks, payments, deliveries, the process', async () => {
    const res = await request(app()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    for (const [family, type] of [
      ['job_duration_seconds', 'histogram'],
      ['job_failures_total', 'counter'],
      ['jobs_waiting', 'gauge'],
      ['jobs_active', 'gauge'],
      ['jobs_failed', 'gauge'],
      ['mail_outbox_pending', 'gauge'],
      ['mail_outbox_stuck', 'gauge'],
      ['mail_outbox_oldest_pending_age_seconds', 'gauge'],
      ['payment_webhook_lag_seconds', 'histogram'],
      ['payment_events_total', 'counter'],
      ['service_deliveries_total', 'counter'],
      ['services_needs_staff', 'gauge'],
      ['app_ready', 'gauge'],
      ['process_cpu_user_seconds_total', 'counter'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
    ]) {
      expect(res.text, family).toContain(`# TYPE ${family} ${type}`);
    }
    expect(sample(res.text, 'app_ready')).toBe(1);
    expect(sample(res.text, 'metrics_database_read_ok')).toBe(1);
  });

  it('reads the queues, the outbox and the deliveries waiting for staff from the database at each scrape', async () => {
    const { db } = database;
    const before = await scrape();
    expect(sample(before, `jobs_waiting{queue="${SESSION_PRUNE_QUEUE.name}"}`)).toBe(0);
    expect(sample(before, 'mail_outbox_stuck')).toBe(0);

    // No worker runs in the API suite: a job sent stays waiting.
    await createJobQueue(db, testLogger()).send(db, SESSION_PRUNE_QUEUE.name, {});
    // A mail due 20 minutes ago and still pending (the every-minute job is not taking it), and a fresh one.
    await db('mail_outbox').insert([
      {
        to_email: 'a@example.test',
        template: 'verify',
        subject: 's',
        text_body: 't',
        created_at: db.raw("now() - interval '30 minutes'"),
        next_attempt_at: db.raw("now() - interval '20 minutes'"),
      },
      { to_email: 'b@example.test', template: 'verify', subject: 's', text_body: 't' },
    ]);
    const user = await buildUser(db);
    await buildDeliveredGameServer(db, user.id, {
      panelServerId: 0,
      service: {
        status: 'needs_staff',
        delivery: 'manual',
        panel_server_id: null,
        panel_identifier: null,
        host: null,
        port: null,
        delivered_at: null,
      },
    });

    const after = await scrape();
    expect(sample(after, `jobs_waiting{queue="${SESSION_PRUNE_QUEUE.name}"}`)).toBe(1);
    expect(sample(after, 'mail_outbox_pending')).toBe(2);
    expect(sample(after, 'mail_outbox_stuck')).toBe(1);
    expect(sample(after, 'mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(30 * 60 - 5);
    expect(sample(after, 'services_needs_staff{kind="game"}')).toBe(1);
  });

  it('counts a payment by provider and outcome, and how late its notification was applied', async () => {
    const { db } = database;
    const user = await buyer(db);
    const { orderId } = await startCardCheckout(app(), user.id, cartBody(await buildSellableProduct(db)));
    await request(app())
      .post('/api/checkout/mollie/invoice')
      .set('Authorization', bearer(user.id))
      .send({ orderId, userId: user.id, lng: 'fr' })
      .expect(200);
    const paymentId = [...mollie.payments.keys()].at(-1)!;
    mollie.setStatus(paymentId, 'paid');

    const paid = 'payment_events_total{provider="mollie",outcome="paid"}';
    const lag = 'payment_webhook_lag_seconds_count{provider="mollie",measured_from="arrival"}';
    const before = await scrape();
    const notified = await request(app()).post('/api/webhooks/mollie').type('form').send({ id: paymentId }).expect(200);
    expect(notified.body.outcome).toBe('paid');
    const after = await scrape();
    expect(sample(after, paid)).toBe((sample(before, paid) ?? 0) + 1);
    expect(sample(after, lag)).toBe((sample(before, lag) ?? 0) + 1);
    expect(
      sample(after, 'http_request_duration_seconds_count{route="/api/webhooks/{provider}",method="POST",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
  });

  it('times every job by queue and outcome, and counts the failures, from the job wrapper', async () => {
    const { db } = database;
    // A queue no retry follows (einvoice-sweep): a failed run is failed for good, as its definition says.
    const queue = EINVOICE_SWEEP_QUEUE.name;
    const failures = `job_failures_total{queue="${queue}"}`;
    const failedTimes = `job_duration_seconds_count{queue="${queue}",outcome="failed"}`;
    const doneTimes = `job_duration_seconds_count{queue="${queue}",outcome="completed"}`;
    const before = await scrape();
    const jobs = createJobQueue(db, testLogger());
    await jobs.start();
    try {
      let runs = 0;
      await jobs.work(queue, async () => {
        runs += 1;
        if (runs === 1) throw new Error('the access point is down');
      });
      await jobs.send(db, queue, {});
      await expect.poll(() => runs, { timeout: 20_000, interval: 100 }).toBe(1);
      await jobs.send(db, queue, {});
      await expect.poll(() => runs, { timeout: 20_000, interval: 100 }).toBe(2);
    } finally {
      await jobs.stop();
    }
    const after = await scrape();
    expect(sample(after, failures)).toBe((sample(before, failures) ?? 0) + 1);
    expect(sample(after, failedTimes)).toBe((sample(before, failedTimes) ?? 0) + 1);
    expect(sample(after, doneTimes)).toBe((sample(before, doneTimes) ?? 0) + 1);
    expect(sample(after, `jobs_failed{queue="${queue}"}`)).toBe(1);
  });
});
