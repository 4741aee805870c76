import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock } from '../../server/clock/clock';
import { createJobQueue } from '../../server/jobs/job-queue';
import { createBillingCycle } from '../../server/modules/billing-cycle/billing-cycle';
import { orderPayments } from '../../server/modules/payments/order-payments';
import { autoChargePlan } from '../../server/modules/renewal-charges/auto-charge-plan';
import { createOrderPaidFollowUp } from '../../server/modules/payments/order-paid.job';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, createTestMailer, TEST_ENCRYPTION_KEY, testLogger } from '../support/app';
import { buildDeliveredVps, buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { testMachines } from '../support/service-machines';

// Issue 29 item 11: after paying the renewal of a running server, the success page and the mail
// said "Notre équipe prépare votre serveur : il est mis en service sous 3 à 4 jours ouvrés". A
// renewal delivers nothing: its answer, its order and its mail say until when the service now runs.

const DAY = 86_400_000;
const EXPIRES = new Date('2026-12-31T09:00:00Z');
const RENEWED_UNTIL = '2027-01-31T09:00:00.000Z'; // one month on, the product's period

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});
const db = () => database.db;

/** A French customer's running monthly server, its renewal invoice issued by the billing cycle 7 days before the expiry. */
async function renewalIssued(language: 'fr' | 'en') {
  const user = await buildAccount(db(), { language, email_verified_at: new Date(), wallet_cents: 5_000 });
  const product = await buildProduct(db(), {
    name: 'VPS Linux NVMe Pro',
    price_cents: 1000,
    ovh_duration: '1',
    ovh_pricing_mode: 'default',
  });
  const { order } = await buildDeliveredVps(db(), user.id, { encryptionKey: TEST_ENCRYPTION_KEY, vps: { expires_at: EXPIRES } });
  await db()('order_lines').insert({
    order_id: order.id,
    product_id: product.id,
    name: product.name,
    price_cents: 1000,
    qty: 1,
    tax_rate: 21,
  });
  const clock = createMovableClock(new Date(EXPIRES.getTime() - 7 * DAY));
  const logger = testLogger();
  const fleet = createSimulatedFleet(db(), { now: () => clock.now(), transitionMs: 1000 });
  const cycle = createBillingCycle({
    db: db(),
    mailer: createTestMailer(db()),
    clock,
    machines: testMachines(db(), fleet),
    jobs: createJobQueue(db(), logger),
    payments: orderPayments,
    autoChargePlan,
    logger,
  });
  await cycle.sweep();
  const renewal = await db()('orders').where({ renewal_of_order_id: order.id }).first();
  expect(renewal).toMatchObject({ status: 'unpaid' });
  return { user, renewal, machines: testMachines(db(), fleet) };
}

describe('paying the renewal of a running server', () => {
  it('a customer pays their renewal from the wallet: the answer and the order say until when the service is extended', async () => {
    const { user, renewal } = await renewalIssued('fr');

    const paid = await request(createTestApp(db()))
      .post(`/api/orders/${renewal.id}/pay-with-wallet`)
      .set('Authorization', bearer(user.id))
      .expect(200);

    expect(paid.body.order).toMatchObject({ id: renewal.id, status: 'paid', renewed_until: RENEWED_UNTIL });
    const read = await request(createTestApp(db())).get(`/api/orders/${renewal.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(read.body.order.renewed_until).toBe(RENEWED_UNTIL);
    const page = await request(createTestApp(db())).get('/api/vps/orders').set('Authorization', bearer(user.id)).expect(200);
    const rows = page.body.orders as { id: number; renewed_until: string | null }[];
    expect(rows.find((o) => o.id === renewal.id)?.renewed_until).toBe(RENEWED_UNTIL);
    expect(rows.find((o) => o.id === renewal.renewal_of_order_id)?.renewed_until).toBeNull(); // the first order renews nothing
  });

  it('the payment mail of a renewal says the service is extended until its new date, not that a server is being prepared', async () => {
    const { user, renewal, machines } = await renewalIssued('fr');
    await request(createTestApp(db())).post(`/api/orders/${renewal.id}/pay-with-wallet`).set('Authorization', bearer(user.id)).expect(200);

    await createOrderPaidFollowUp({ db: db(), mailer: createTestMailer(db()), machines, logger: testLogger() })({
      orderId: renewal.id,
    });

    const mails = await db()('mail_outbox').where({ to_email: user.email }).whereIn('template', ['payment_received', 'renewal_paid']);
    expect(mails.map((m) => m.template)).toEqual(['renewal_paid']);
    expect(mails[0].subject).toBe("Votre service est prolongé jusqu'au 31 janvier 2027");
    expect(mails[0].text_body).toContain("Votre service est prolongé jusqu'au 31 janvier 2027");
    expect(mails[0].text_body).not.toContain('3 à 4 jours');
    expect(mails[0].text_body).not.toContain('prépare votre serveur');
  });

  it('in English too', async () => {
    const { user, renewal, machines } = await renewalIssued('en');
    await request(createTestApp(db())).post(`/api/orders/${renewal.id}/pay-with-wallet`).set('Authorization', bearer(user.id)).expect(200);

    await createOrderPaidFollowUp({ db: db(), mailer: createTestMailer(db()), machines, logger: testLogger() })({
      orderId: renewal.id,
    });

    const [mail] = await db()('mail_outbox').where({ to_email: user.email, template: 'renewal_paid' });
    expect(mail.subject).toBe('Your service is extended until January 31, 2027');
  });
});
