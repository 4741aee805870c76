import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, DELETE_AFTER_DAYS, SUSPEND_AFTER_DAYS } from '../../shared/billing/service-period';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createJobQueue } from '../../server/jobs/job-queue';
import { createBillingCycle, type BillingCycle } from '../../server/modules/billing-cycle/billing-cycle';
import type { Mailer } from '../../server/modules/mail/mail.service';
import { createOrderPaidFollowUp, type OrderPaidJob } from '../../server/modules/payments/order-paid.job';
import { orderPayments } from '../../server/modules/payments/order-payments';
import { autoChargePlan } from '../../server/modules/renewal-charges/auto-charge-plan';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import type { CloudAdapter } from '../../server/providers/cloud/types';
import { createSandboxGamePanel } from '../../server/providers/game-panel/sandbox';
import { GamePanelNotFound, type GamePanelAdapter } from '../../server/providers/game-panel/types';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, createTestMailer, TEST_ENCRYPTION_KEY, testLogger } from '../support/app';
import { buildDeliveredGameServer, buildDeliveredVps, buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { serverOnPanel, switchablePanel, testMachines } from '../support/service-machines';

// Issue 31: the billing cycle follows every service, game servers on the panel as VPS at the cloud,
// and ends a service at its term when the customer asked ("Résilier"). The movable clock runs each
// service through its period on the sandbox game panel and the simulated fleet, and the mails are read from the outbox. Each test has its own period, later than the
// one before, so a sweep of one never reaches another's dates.

const DAY = 86_400_000;
let database: TestDatabase;
let clock: MovableClock;
let cloud: CloudAdapter;
let panel: GamePanelAdapter & { down: boolean };
let mailer: Mailer;
let cycle: BillingCycle;
let nextExpiry = new Date('2027-06-01T09:00:00Z').getTime();

const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createMovableClock(new Date('2027-01-01T09:00:00Z'));
  cloud = createSimulatedFleet(db(), { now: () => clock.now(), transitionMs: 1000 });
  panel = switchablePanel(createSandboxGamePanel(db(), { now: () => clock.now(), installMs: 1000 }));
  mailer = createTestMailer(db());
  cycle = createBillingCycle({
    db: db(),
    mailer,
    clock,
    machines: testMachines(db(), cloud, panel),
    jobs: createJobQueue(db(), testLogger()),
    payments: orderPayments,
    autoChargePlan,
    logger: testLogger(),
  });
});
afterAll(async () => {
  await mailer.idle();
  await database.destroy();
});

/** A period of its own: the expiry, and a date that many days from it. */
function period() {
  nextExpiry += 120 * DAY;
  const expires = new Date(nextExpiry);
  return { expires, at: (days: number) => new Date(expires.getTime() + days * DAY) };
}

async function sweepAt(when: Date) {
  clock.set(when);
  const report = await cycle.sweep();
  await mailer.idle();
  return report;
}

const customer = () => buildAccount(db(), { language: 'fr', email_verified_at: new Date(), wallet_cents: 10_000 });

async function addLine(orderId: number, name: string) {
  const product = await buildProduct(db(), { name, price_cents: 1000, ovh_duration: '1', ovh_pricing_mode: 'default' });
  await db()('order_lines').insert({ order_id: orderId, product_id: product.id, name, price_cents: 1000, qty: 1, tax_rate: 21 });
}

/** A Minecraft server on the panel, delivered to `userId` (in `orderId` when given), expiring at `expires`. */
async function gameServer(userId: number, expires: Date, orderId?: number) {
  const server = await serverOnPanel(panel);
  const { host, port } = server.allocation;
  const { order, service } = await buildDeliveredGameServer(db(), userId, {
    panelServerId: server.id,
    orderId,
    service: { expires_at: expires, host, port },
  });
  if (!orderId) await addLine(order.id, 'Minecraft Survie 4 Go');
  return { orderId: order.id, serviceId: service.id, panelId: server.id, name: `Minecraft Survie 4 Go (${host}:${port})` };
}

async function vpsServer(userId: number, expires: Date) {
  const { order, vps, service } = await buildDeliveredVps(db(), userId, {
    encryptionKey: TEST_ENCRYPTION_KEY,
    vps: { expires_at: expires },
  });
  await addLine(order.id, 'VPS Linux NVMe Pro');
  return { orderId: order.id, serviceId: service.id, vps };
}

const serviceRow = (id: number) => db()('services').where({ id }).first();
const vpsRow = (id: number) => db()('vps').where({ id }).first();
const renewalsOf = (orderId: number) => db()('orders').where({ renewal_of_order_id: orderId }).orderBy('id');
const mailsTo = async (userId: number) => {
  const { email } = await db()('users').where({ id: userId }).first('email');
  return db()('mail_outbox').where({ to_email: email }).orderBy('id');
};
/** Whether the panel holds the server suspended; a server deleted there is not found. */
const suspendedOnPanel = async (id: number) => (await panel.getServer(id)).suspended;
const deletedFromPanel = async (id: number) => (await panel.getServer(id).catch((err: unknown) => err)) instanceof GamePanelNotFound;
const auditRows = (action: string, serviceId: number) =>
  db()('audit_log').where({ action, entity_type: 'service', entity_id: String(serviceId) });

async function payFromWallet(userId: number, renewalId: number) {
  await request(createTestApp(db(), { cloud }))
    .post(`/api/orders/${renewalId}/pay-with-wallet`)
    .set('Authorization', bearer(userId))
    .expect(200);
  // The follow-up job the payment queued, run here as a worker would.
  const job = await db()('pgboss.job')
    .where({ name: 'order-paid-followup' })
    .whereRaw("data->>'orderId' = ?", [String(renewalId)])
    .first();
  return job.data as OrderPaidJob;
}

const followUp = () =>
  createOrderPaidFollowUp({ db: db(), mailer, machines: testMachines(db(), cloud, panel), clock, logger: testLogger() });

describe('a game server in the billing cycle', () => {
  it('is suspended on the panel 7 days after an unpaid expiry, and unsuspended there once the renewal is paid', async () => {
    const { expires, at } = period();
    const user = await customer();
    const game = await gameServer(user.id, expires);

    await sweepAt(at(-7));
    const [renewal] = await renewalsOf(game.orderId);
    expect(renewal).toMatchObject({ status: 'unpaid' });
    expect(new Date(renewal.due_at).toISOString()).toBe(expires.toISOString());

    await sweepAt(at(SUSPEND_AFTER_DAYS - 0.1));
    expect(await serviceRow(game.serviceId)).toMatchObject({ status: 'active' });
    expect(await suspendedOnPanel(game.panelId)).toBe(false);

    await sweepAt(at(SUSPEND_AFTER_DAYS));
    const suspended = await serviceRow(game.serviceId);
    expect(suspended).toMatchObject({ status: 'suspended', provider_action_due: null });
    expect(new Date(suspended.suspended_at).toISOString()).toBe(at(SUSPEND_AFTER_DAYS).toISOString());
    expect(await suspendedOnPanel(game.panelId)).toBe(true);
    expect((await mailsTo(user.id)).map((m) => m.subject)).toContain(`Votre serveur ${game.name} est suspendu`);

    const job = await payFromWallet(user.id, renewal.id);
    expect(job.reactivatedServiceIds).toEqual([game.serviceId]);
    const reactivated = await serviceRow(game.serviceId);
    expect(reactivated).toMatchObject({ status: 'active', suspended_at: null, provider_action_due: 'unsuspend' });
    expect(new Date(reactivated.expires_at).toISOString()).toBe(addMonths(expires, 1).toISOString());

    await followUp()(job);
    await followUp()(job); // a retried job asks nothing more
    await mailer.idle();
    expect(await suspendedOnPanel(game.panelId)).toBe(false);
    expect(await serviceRow(game.serviceId)).toMatchObject({ provider_action_due: null });
    const mails = (await mailsTo(user.id)).filter((m) => m.template === 'service_reactivated');
    expect(mails).toHaveLength(1);
  });

  it('is deleted on the panel 30 days after its suspension when nothing was paid', async () => {
    const { expires, at } = period();
    const user = await customer();
    const game = await gameServer(user.id, expires);
    await sweepAt(at(-7));
    await sweepAt(at(SUSPEND_AFTER_DAYS));
    const suspendedAt = at(SUSPEND_AFTER_DAYS);

    await sweepAt(new Date(suspendedAt.getTime() + (DELETE_AFTER_DAYS - 0.1) * DAY));
    expect(await suspendedOnPanel(game.panelId)).toBe(true);

    const report = await sweepAt(new Date(suspendedAt.getTime() + DELETE_AFTER_DAYS * DAY));
    expect(report.terminated).toBe(1);
    expect(await serviceRow(game.serviceId)).toMatchObject({ status: 'terminated', provider_action_due: null });
    expect(await deletedFromPanel(game.panelId)).toBe(true);
    const [renewal] = await renewalsOf(game.orderId);
    expect(renewal).toMatchObject({ status: 'cancelled' });
    // Invoice, suspension, termination (no reminder at the suspension's own sweep).
    expect((await mailsTo(user.id)).map((m) => m.template)).toEqual(['renewal_invoice', 'service_suspended', 'service_terminated']);
  });

  it('is suspended in the shop while the panel is down, and on the panel at the next sweep', async () => {
    const { expires, at } = period();
    const user = await customer();
    const game = await gameServer(user.id, expires);
    await sweepAt(at(-7));

    panel.down = true;
    try {
      await sweepAt(at(SUSPEND_AFTER_DAYS));
    } finally {
      panel.down = false;
    }
    expect(await serviceRow(game.serviceId)).toMatchObject({ status: 'suspended', provider_action_due: 'suspend' });
    expect(await suspendedOnPanel(game.panelId)).toBe(false);

    const report = await sweepAt(at(SUSPEND_AFTER_DAYS + 0.01));
    expect(report.providerRetried).toBe(1);
    expect(await suspendedOnPanel(game.panelId)).toBe(true);
    expect(await serviceRow(game.serviceId)).toMatchObject({ provider_action_due: null });
    // Mailed once, by the suspension itself.
    expect((await mailsTo(user.id)).filter((m) => m.template === 'service_suspended')).toHaveLength(1);
  });
});

describe('a renewal paid for an order of several services', () => {
  it('extends every service of the order, unsuspends them at the cloud and on the panel, and keeps the VPS record in step', async () => {
    const { expires, at } = period();
    const user = await customer();
    const vps = await vpsServer(user.id, expires);
    const game = await gameServer(user.id, expires, vps.orderId);

    await sweepAt(at(-7));
    const renewals = await renewalsOf(vps.orderId);
    expect(renewals).toHaveLength(1); // one invoice for the order, not one per service
    await sweepAt(at(SUSPEND_AFTER_DAYS));
    expect(await serviceRow(vps.serviceId)).toMatchObject({ status: 'suspended' });
    expect(await serviceRow(game.serviceId)).toMatchObject({ status: 'suspended' });
    expect(await vpsRow(vps.vps.id)).toMatchObject({ state: 'suspended' });
    clock.advance({ minutes: 1 });
    expect((await cloud.getVps(vps.vps.service_name)).status).toBe('stopped');

    const job = await payFromWallet(user.id, renewals[0].id);
    expect(job.reactivatedServiceIds).toEqual([vps.serviceId, game.serviceId]);
    const until = addMonths(expires, 1);
    for (const id of [vps.serviceId, game.serviceId]) {
      const row = await serviceRow(id);
      expect(row).toMatchObject({ status: 'active', suspended_at: null });
      expect(new Date(row.expires_at).toISOString()).toBe(until.toISOString());
    }
    const machine = await vpsRow(vps.vps.id);
    expect(machine).toMatchObject({ state: 'assigned', suspended_at: null });
    expect(new Date(machine.expires_at).toISOString()).toBe(until.toISOString());

    await followUp()(job);
    clock.advance({ minutes: 1 });
    expect((await cloud.getVps(vps.vps.service_name)).status).toBe('running');
    expect(await suspendedOnPanel(game.panelId)).toBe(false);
    await mailer.idle();
    expect((await mailsTo(user.id)).filter((m) => m.template === 'service_reactivated')).toHaveLength(2);

    // The next period's invoice comes 7 days before the new expiry, for both at once.
    await sweepAt(new Date(until.getTime() - 7 * DAY));
    expect(await renewalsOf(vps.orderId)).toHaveLength(2);
  });
});

describe('ending a service at its term ("Résilier")', () => {
  /** "Résilier" in the panel, through the API the page calls. */
  const endAtTerm = async (userId: number, serviceId: number) => {
    const answer = await request(createTestApp(db()))
      .post(`/api/services/${serviceId}/cancel`)
      .set('Authorization', bearer(userId))
      .send({ when: 'end_of_term' })
      .expect(200);
    expect(answer.body.service.period).toMatchObject({ endsAtTerm: true });
  };

  it('a VPS: no renewal invoice, no reminder, then terminated at expiry at the cloud with a mail saying it ended as asked', async () => {
    const { expires, at } = period();
    const user = await customer();
    const vps = await vpsServer(user.id, expires);
    await endAtTerm(user.id, vps.serviceId);

    for (const day of [-7, -3, -0.1]) await sweepAt(at(day));
    expect(await renewalsOf(vps.orderId)).toHaveLength(0);
    expect(await serviceRow(vps.serviceId)).toMatchObject({ status: 'active' });
    expect(await mailsTo(user.id)).toHaveLength(0);

    const report = await sweepAt(at(0));
    expect(report.endedAtTerm).toBe(1);
    const ended = await serviceRow(vps.serviceId);
    expect(ended).toMatchObject({ status: 'terminated', provider_action_due: null });
    expect(new Date(ended.terminated_at).toISOString()).toBe(at(0).toISOString());
    expect(await vpsRow(vps.vps.id)).toMatchObject({ state: 'deleted', password_encrypted: null });
    await expect(cloud.getVps(vps.vps.service_name)).rejects.toThrow(/unknown VPS/);
    const audit = await db()('audit_log').where({ action: 'service.terminated', entity_id: String(vps.serviceId) });
    expect(audit.map((a) => a.after)).toEqual([expect.objectContaining({ reason: 'end_of_term', status: 'terminated' })]);

    const mails = await mailsTo(user.id);
    expect(mails.map((m) => m.subject)).toEqual([`Votre serveur ${vps.vps.service_name} a pris fin, comme demandé`]);
    expect(mails[0].text_body).toContain(`a pris fin le ${frenchDate(expires)}`);

    // Gone from the panel's list; a later sweep changes nothing.
    const list = await request(createTestApp(db(), { cloud })).get('/api/vps').set('Authorization', bearer(user.id)).expect(200);
    expect(JSON.stringify(list.body)).not.toContain(vps.vps.service_name);
    await sweepAt(at(10));
    expect(await mailsTo(user.id)).toHaveLength(1);
  });

  it('a game server: no renewal invoice, then deleted on the panel at expiry, never suspended first', async () => {
    const { expires, at } = period();
    const user = await customer();
    const game = await gameServer(user.id, expires);
    await endAtTerm(user.id, game.serviceId);

    await sweepAt(at(-7));
    expect(await renewalsOf(game.orderId)).toHaveLength(0);
    await sweepAt(at(0));
    expect(await serviceRow(game.serviceId)).toMatchObject({ status: 'terminated' });
    expect(await deletedFromPanel(game.panelId)).toBe(true);
    expect(await auditRows('service.suspended', game.serviceId)).toHaveLength(0);
    expect((await mailsTo(user.id)).map((m) => m.template)).toEqual(['service_ended']);
  });

  it('an order whose services all asked to end gets no invoice; one where another service renews still does', async () => {
    const { expires, at } = period();
    const user = await customer();
    const ending = await gameServer(user.id, expires);
    const alsoEnding = await gameServer(user.id, expires, ending.orderId);
    const mixed = await gameServer(user.id, expires);
    const renewing = await gameServer(user.id, expires, mixed.orderId);
    for (const id of [ending.serviceId, alsoEnding.serviceId, mixed.serviceId]) await endAtTerm(user.id, id);

    await sweepAt(at(-7));
    expect(await renewalsOf(ending.orderId)).toHaveLength(0);
    const [renewal] = await renewalsOf(mixed.orderId);
    expect(renewal).toMatchObject({ status: 'unpaid' });

    // At expiry the ending ones end; the renewing one waits for its invoice as usual.
    await sweepAt(at(0));
    for (const id of [ending.serviceId, alsoEnding.serviceId, mixed.serviceId]) {
      expect(await serviceRow(id)).toMatchObject({ status: 'terminated' });
    }
    expect(await serviceRow(renewing.serviceId)).toMatchObject({ status: 'active' });
    expect((await renewalsOf(mixed.orderId))[0]).toMatchObject({ status: 'unpaid' });
    await sweepAt(at(SUSPEND_AFTER_DAYS));
    expect(await serviceRow(renewing.serviceId)).toMatchObject({ status: 'suspended' });
    expect(await suspendedOnPanel(renewing.panelId)).toBe(true);
  });

  it('taken back before the expiry, the service renews again: its invoice is issued and it is not ended', async () => {
    const { expires, at } = period();
    const user = await customer();
    const game = await gameServer(user.id, expires);
    await endAtTerm(user.id, game.serviceId);
    await sweepAt(at(-7));
    expect(await renewalsOf(game.orderId)).toHaveLength(0);

    await request(createTestApp(db())).delete(`/api/services/${game.serviceId}/cancel`).set('Authorization', bearer(user.id)).expect(200);
    await sweepAt(at(-6));
    expect(await renewalsOf(game.orderId)).toHaveLength(1);
    await sweepAt(at(0));
    expect(await serviceRow(game.serviceId)).toMatchObject({ status: 'active', end_at_term_requested_at: null });
    expect(await suspendedOnPanel(game.panelId)).toBe(false);
  });
});

function frenchDate(at: Date): string {
  return new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(at);
}
