import type { Knex } from 'knex';
import { DELETE_AFTER_DAYS, REMINDER_DAYS_BEFORE, SUSPEND_AFTER_DAYS } from '../../shared/billing/service-period';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createDb } from '../../server/db/knex';
import { createJobQueue } from '../../server/jobs/job-queue';
import { CLOSE_PAYMENTS_QUEUE } from '../../server/jobs/queues';
import { createBillingCycle, type BillingCycle } from '../../server/modules/billing-cycle/billing-cycle';
import { orderPayments } from '../../server/modules/payments/order-payments';
import { autoChargePlan } from '../../server/modules/renewal-charges/auto-charge-plan';
import type { Mailer } from '../../server/modules/mail/mail.service';
import { createOrderPaidFollowUp, type OrderPaidJob } from '../../server/modules/payments/order-paid.job';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import type { CloudAdapter } from '../../server/providers/cloud/types';
import { createMailTransport } from '../../server/providers/mail/index';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, createTestMailer, TEST_ENCRYPTION_KEY, testLogger } from '../support/app';
import { buildDeliveredVps, buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { testMachines } from '../support/service-machines';
import { pdfText } from '../support/pdf-text';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';

// Issue 8: the billing rules run on their own. The clock is moved by hand through one service
// period; two workers (each with its own connection pool, as two instances would) sweep at every
// step; the mails are read from a real SMTP peer and the audit log from the database.

const DAY = 86_400_000;
const EXPIRES = new Date('2026-12-31T09:00:00Z');
const at = (days: number) => new Date(EXPIRES.getTime() + days * DAY);

let database: TestDatabase;
let secondPool: Knex;
let smtp: SmtpCapture;
let clock: MovableClock;
let cloud: CloudAdapter;
let mailers: Mailer[];
let workers: BillingCycle[];

const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  secondPool = createDb(database.url, { pool: { min: 0, max: 3 } });
  smtp = await startSmtpCapture();
  clock = createMovableClock(at(-30));
  const logger = testLogger();
  const pools = [database.db, secondPool];
  mailers = pools.map((pool) => createTestMailer(pool, createMailTransport({ smtpUrl: smtp.url, from: 'factures@hubhost.test' }, logger)));
  cloud = createSimulatedFleet(database.db, { now: () => clock.now(), transitionMs: 1000 });
  workers = pools.map((pool, i) =>
    createBillingCycle({
      db: pool,
      mailer: mailers[i]!,
      clock,
      machines: testMachines(pool, createSimulatedFleet(pool, { now: () => clock.now(), transitionMs: 1000 })),
      jobs: createJobQueue(pool, logger),
      payments: orderPayments,
      autoChargePlan,
      logger,
    }),
  );
});

afterAll(async () => {
  await Promise.all(mailers.map((m) => m.idle()));
  await secondPool.destroy();
  await smtp.close();
  await database.destroy();
});

/** Both workers sweep at once, then their mails are delivered. */
async function sweepAt(when: Date) {
  clock.set(when);
  const reports = await Promise.all(workers.map((w) => w.sweep()));
  await Promise.all(mailers.map((m) => m.idle()));
  return reports;
}

async function customerWithService(language: 'fr' | 'en') {
  const user = await buildAccount(db(), { language, email_verified_at: new Date() });
  const product = await buildProduct(db(), {
    name: 'VPS Linux NVMe Pro',
    price_cents: 1000,
    ovh_duration: '1',
    ovh_pricing_mode: 'default',
  });
  const {
    order,
    vps,
    service: owned,
  } = await buildDeliveredVps(db(), user.id, { encryptionKey: TEST_ENCRYPTION_KEY, vps: { expires_at: EXPIRES } });
  await db()('order_lines').insert({
    order_id: order.id,
    product_id: product.id,
    name: product.name,
    price_cents: 1000,
    qty: 1,
    tax_rate: 21,
  });
  return { user, order, vps, owned };
}

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
const auditRows = (action: string, entityId: number) =>
  db()('audit_log')
    .where({ action, entity_id: String(entityId) })
    .orderBy('id');
const vpsRow = (id: number) => db()('vps').where({ id }).first();

describe('billing cycle: one service period, driven by the clock', () => {
  let service: Awaited<ReturnType<typeof customerWithService>>;
  let renewalId: number;

  beforeAll(async () => {
    service = await customerWithService('fr');
  });

  // The tests below are the steps of one period, in order. So that each one also passes alone
  // (`vitest -t`), a test first replays, without asserting, the steps before it that have not run:
  // `stepsBefore(n)` runs the missing ones of the first n, `stepDone(n)` records that step n ran.
  let stepsRun = 0;
  const replay: (() => Promise<unknown>)[] = [
    () => sweepAt(at(-8)),
    async () => {
      await sweepAt(at(-7));
      await sweepAt(at(-6.5));
      renewalId = (await db()('orders').where({ renewal_of_order_id: service.order.id }).first('id')).id;
    },
    async () => {}, // reading the panel changes nothing
    async () => {
      for (const day of [-4, -3, -2, 0, 0.5]) await sweepAt(at(day));
    },
    async () => {
      await sweepAt(at(6.9));
      await sweepAt(at(7));
      clock.advance({ minutes: 1 });
    },
    async () => {}, // a refused power action changes nothing
    async () => {
      await db()('users').where({ id: service.user.id }).update({ wallet_cents: 2000 });
      await request(createTestApp(db(), { cloud }))
        .post(`/api/orders/${renewalId}/pay-with-wallet`)
        .set('Authorization', bearer(service.user.id))
        .expect(200);
    },
  ];
  async function stepsBefore(step: number) {
    for (; stepsRun < step; stepsRun++) await replay[stepsRun]!();
  }
  const stepDone = (step: number) => {
    stepsRun = step + 1;
  };

  it('issues nothing 8 days before the expiry', async () => {
    await stepsBefore(0);
    const reports = await sweepAt(at(-8));
    expect(reports.map((r) => r.renewalsIssued)).toEqual([0, 0]);
    expect(await db()('orders').where({ renewal_of_order_id: service.order.id })).toHaveLength(0);
    stepDone(0);
  });

  it('issues the renewal invoice once 7 days before, even with two workers sweeping together', async () => {
    await stepsBefore(1);
    const reports = await sweepAt(at(-7));
    expect(reports.reduce((n, r) => n + r.renewalsIssued, 0)).toBe(1);
    await sweepAt(at(-6.5)); // a later sweep issues nothing more

    const renewals = await db()('orders').where({ renewal_of_order_id: service.order.id });
    expect(renewals).toHaveLength(1);
    const renewal = renewals[0];
    renewalId = renewal.id;
    expect(renewal).toMatchObject({ status: 'unpaid', user_id: service.user.id, currency: 'EUR' });
    expect(Number(renewal.total_cents)).toBe(1210);
    expect(new Date(renewal.due_at).toISOString()).toBe(EXPIRES.toISOString());
    expect(await db()('order_lines').where({ order_id: renewalId })).toMatchObject([
      { name: 'VPS Linux NVMe Pro', price_cents: 1000, qty: 1 },
    ]);
    expect(await auditRows('renewal.issued', renewalId)).toHaveLength(1);

    const mails = mailsTo(service.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Facture de renouvellement de votre serveur ${service.vps.service_name}`);
    expect(mails[0]!.text).toContain('12,10');
    expect(mails[0]!.text).toContain('31 décembre 2026');
    expect(mails[0]!.text).toContain(`suspendu ${SUSPEND_AFTER_DAYS} jours après l'échéance`);
    expect(mails[0]!.html).toContain('PanelCLient?tab=factures');
    stepDone(1);
  });

  it('shows the renewal in the panel as an unpaid invoice the customer can pay, and the expiry on the server', async () => {
    await stepsBefore(2);
    const app = createTestApp(db());
    const orders = await request(app).get('/api/vps/orders').set('Authorization', bearer(service.user.id)).expect(200);
    expect(orders.body.orders.find((o: { id: number }) => o.id === renewalId)).toMatchObject({ status: 'unpaid', total_cents: 1210 });
    const machines = await request(app).get('/api/vps').set('Authorization', bearer(service.user.id)).expect(200);
    expect(machines.body.vpsList[0]).toMatchObject({ expires_at: EXPIRES.toISOString() });

    // Its pro forma names the due date and the month it pays for.
    const pdf = await request(app)
      .get(`/api/vps/orders/${renewalId}/invoice`)
      .set('Authorization', bearer(service.user.id))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toMatch(/Date d'échéance\s+31 décembre 2026/);
    expect(text).toContain('Période de service : du 31 décembre 2026 au 31 janvier 2027');
    stepDone(2);
  });

  it('reminds once 3 days before the due date, and once on the day', async () => {
    await stepsBefore(3);
    await sweepAt(at(-4));
    expect(mailsTo(service.user.email)).toHaveLength(1);
    await sweepAt(at(-3));
    await sweepAt(at(-2));
    expect(mailsTo(service.user.email).map((m) => m.subject)).toEqual([
      `Facture de renouvellement de votre serveur ${service.vps.service_name}`,
      `Rappel : votre serveur ${service.vps.service_name} arrive à échéance dans ${REMINDER_DAYS_BEFORE} jours`,
    ]);
    await sweepAt(at(0));
    await sweepAt(at(0.5));
    const due = mailsTo(service.user.email).slice(2);
    expect(due.map((m) => m.subject)).toEqual([`Votre serveur ${service.vps.service_name} arrive à échéance aujourd'hui`]);
    expect(due[0]!.text).toContain('7 janvier 2027'); // the suspension date
    expect(await auditRows('renewal.reminder_sent', renewalId)).toHaveLength(1);
    expect(await auditRows('renewal.due_reminder_sent', renewalId)).toHaveLength(1);
    stepDone(3);
  });

  it('keeps the server running until the 7th day unpaid, then suspends and stops it once', async () => {
    await stepsBefore(4);
    await sweepAt(at(6.9));
    expect(await vpsRow(service.vps.id)).toMatchObject({ state: 'assigned', power_status: 'running' });

    const reports = await sweepAt(at(7));
    expect(reports.reduce((n, r) => n + r.suspended, 0)).toBe(1);
    const vps = await vpsRow(service.vps.id);
    expect(vps).toMatchObject({ state: 'suspended' });
    expect(new Date(vps.suspended_at).toISOString()).toBe(at(7).toISOString());
    expect(['stopping', 'stopped']).toContain(vps.power_status);
    clock.advance({ minutes: 1 });
    expect((await cloud.getVps(service.vps.service_name)).status).toBe('stopped');

    const suspendedMails = mailsTo(service.user.email).filter((m) => m.subject.includes('est suspendu'));
    expect(suspendedMails).toHaveLength(1);
    expect(suspendedMails[0]!.text).toContain('6 février 2027'); // data deleted 30 days later
    expect(await auditRows('service.suspended', service.owned.id)).toHaveLength(1);
    stepDone(4);
  });

  it('refuses power actions on the suspended server with a clear message', async () => {
    await stepsBefore(5);
    const app = createTestApp(db(), { cloud });
    const answer = await request(app).post(`/api/vps/${service.vps.id}/start`).set('Authorization', bearer(service.user.id)).expect(409);
    expect(answer.body).toMatchObject({ error: 'vps_suspended' });
    expect(answer.body.message).toMatch(/suspended until its renewal is paid/);
    stepDone(5);
  });

  it('reactivates at once when the renewal is paid from the wallet, extends the period, powers the server on and mails', async () => {
    await stepsBefore(6);
    await db()('users').where({ id: service.user.id }).update({ wallet_cents: 2000 });
    const app = createTestApp(db(), { cloud });
    const paid = await request(app)
      .post(`/api/orders/${renewalId}/pay-with-wallet`)
      .set('Authorization', bearer(service.user.id))
      .expect(200);
    expect(paid.body).toMatchObject({ order: { id: renewalId, status: 'paid' }, balance_cents: 790 });

    // Reactivated in the payment's own transaction: the customer can use the server right away.
    const vps = await vpsRow(service.vps.id);
    expect(vps).toMatchObject({ state: 'assigned', suspended_at: null });
    expect(new Date(vps.expires_at).toISOString()).toBe('2027-01-31T09:00:00.000Z');
    expect(await auditRows('service.unsuspended', service.owned.id)).toHaveLength(1);
    expect(await db()('wallet_transactions').where({ user_id: service.user.id, order_id: renewalId })).toMatchObject([
      { type: 'debit', amount_cents: -1210 },
    ]);

    // The follow-up job the payment queued (read from pg-boss, run here twice as a retry would).
    const job = await db()('pgboss.job')
      .where({ name: 'order-paid-followup' })
      .whereRaw("data->>'orderId' = ?", [String(renewalId)])
      .first();
    expect(job.data).toEqual({ orderId: renewalId, reactivatedServiceIds: [service.owned.id] });
    const followUp = createOrderPaidFollowUp({ db: db(), mailer: mailers[0]!, machines: testMachines(db(), cloud), logger: testLogger() });
    await followUp(job.data as OrderPaidJob);
    await followUp(job.data as OrderPaidJob);
    await mailers[0]!.idle();
    clock.advance({ minutes: 1 });
    expect((await cloud.getVps(service.vps.service_name)).status).toBe('running');
    const reactivated = mailsTo(service.user.email).filter((m) => m.subject.includes('est réactivé'));
    expect(reactivated).toHaveLength(1);
    expect(reactivated[0]!.text).toContain('31 janvier 2027');

    const start = await request(app).post(`/api/vps/${service.vps.id}/reboot`).set('Authorization', bearer(service.user.id));
    expect(start.status).not.toBe(409);
    stepDone(6);
  });

  it("issues the next period's renewal 7 days before the new expiry, not before", async () => {
    await stepsBefore(7);
    await sweepAt(new Date('2027-01-23T09:00:00Z'));
    expect(await db()('orders').where({ renewal_of_order_id: service.order.id })).toHaveLength(1);
    await sweepAt(new Date('2027-01-24T09:00:00Z'));
    const renewals = await db()('orders').where({ renewal_of_order_id: service.order.id }).orderBy('id');
    expect(renewals).toHaveLength(2);
    expect(new Date(renewals[1].due_at).toISOString()).toBe('2027-01-31T09:00:00.000Z');
    stepDone(7);
  });
});

describe('billing cycle: never paid', () => {
  let service: Awaited<ReturnType<typeof customerWithService>>;

  beforeAll(async () => {
    service = await customerWithService('en');
  });

  it("suspends on day 7, terminates and deletes the data on day 30 of the suspension, mailed in the customer's language", async () => {
    await sweepAt(at(-7));
    await sweepAt(at(7));
    expect(await vpsRow(service.vps.id)).toMatchObject({ state: 'suspended' });

    await sweepAt(at(36.9));
    expect(await vpsRow(service.vps.id)).toMatchObject({ state: 'suspended' });
    // The customer had opened the renewal's Mollie page and left it: termination must close it.
    const unpaidRenewal = await db()('orders').where({ renewal_of_order_id: service.order.id }).first();
    await db()('payment_sessions').insert({
      order_id: unpaidRenewal.id,
      provider: 'mollie',
      provider_ref: `tr_renewal${unpaidRenewal.id}`,
    });

    const reports = await sweepAt(at(37));
    expect(reports.reduce((n, r) => n + r.terminated, 0)).toBe(1);
    const vps = await vpsRow(service.vps.id);
    expect(vps).toMatchObject({ state: 'deleted', password_encrypted: null });
    expect(new Date(vps.terminated_at).toISOString()).toBe(at(37).toISOString());
    await expect(cloud.getVps(service.vps.service_name)).rejects.toThrow(/unknown VPS/);

    const renewal = await db()('orders').where({ renewal_of_order_id: service.order.id }).first();
    expect(renewal).toMatchObject({ status: 'cancelled' });
    expect(await auditRows('service.terminated', service.owned.id)).toHaveLength(1);
    expect(await auditRows('order.cancelled', renewal.id)).toHaveLength(1);
    const closeJobs = await db().raw('SELECT data FROM pgboss.job WHERE name = ? AND data @> ?::jsonb', [
      CLOSE_PAYMENTS_QUEUE.name,
      JSON.stringify({ orderId: renewal.id }),
    ]);
    expect(closeJobs.rows).toHaveLength(1);

    // Invoice, suspension, termination; no reminder at the suspension's own sweep.
    const name = service.vps.service_name;
    expect(mailsTo(service.user.email).map((m) => m.subject)).toEqual([
      `Renewal invoice for your server ${name}`,
      `Your server ${name} has been suspended`,
      `Your server ${name} has been terminated`,
    ]);
    expect(mailsTo(service.user.email)[2]!.text).toContain(`${DELETE_AFTER_DAYS} days after its suspension`);

    // Gone from the customer's panel; a later sweep changes nothing for it.
    const app = createTestApp(db(), { cloud });
    const machines = await request(app).get('/api/vps').set('Authorization', bearer(service.user.id)).expect(200);
    expect(JSON.stringify(machines.body)).not.toContain(name);
    await sweepAt(at(40));
    expect(mailsTo(service.user.email)).toHaveLength(3);
    expect(await auditRows('service.terminated', service.owned.id)).toHaveLength(1);
  });
});

describe('billing cycle: a payment racing the termination', () => {
  it('either the payment wins (server kept) or the termination does (invoice cancelled, wallet untouched); never both, never an error', async () => {
    const service = await customerWithService('fr');
    await db()('users').where({ id: service.user.id }).update({ wallet_cents: 5000 });
    await sweepAt(at(-7));
    await sweepAt(at(7));
    const renewal = await db()('orders').where({ renewal_of_order_id: service.order.id }).first();

    clock.set(at(37));
    const app = createTestApp(db(), { cloud });
    const [payment] = await Promise.all([
      request(app).post(`/api/orders/${renewal.id}/pay-with-wallet`).set('Authorization', bearer(service.user.id)),
      workers[1]!.sweep(),
    ]);
    await Promise.all(mailers.map((m) => m.idle()));

    const vps = await vpsRow(service.vps.id);
    const order = await db()('orders').where({ id: renewal.id }).first();
    const wallet = (await db()('users').where({ id: service.user.id }).first('wallet_cents')).wallet_cents;
    if (payment.status === 200) {
      expect({ state: vps.state, status: order.status, wallet }).toEqual({ state: 'assigned', status: 'paid', wallet: 5000 - 1210 });
    } else {
      expect(payment.status).toBe(409);
      expect({ state: vps.state, status: order.status, wallet }).toEqual({ state: 'deleted', status: 'cancelled', wallet: 5000 });
    }
  });
});
