import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderPaidFollowUp } from '../../server/modules/payments/order-paid.job';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { testMachines } from '../support/service-machines';
import { bearer } from '../support/accounts';
import { createTestApp, createTestMailer, testLogger } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows, type TestProduct } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { binary, notifyCardPaid } from '../support/paid-orders';
import { pdfText } from '../support/pdf-text';

// The cart line carries the system (os) and game variant chosen, checked against the product; the
// order, its lines, its invoice and its mails say them, whichever way it is paid (issue 31).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const db = () => database.db;
const app = () => createTestApp(db(), { mailer: createTestMailer(db()) });
const PAYER = { accountIBAN: 'BE68539007547034', accountName: 'Camille Dubois' };

/** A VPS sold by products.stock (manual delivery) offering two systems. */
const vpsWithSystems = () =>
  buildSellableProduct(db(), {
    name: 'VPS Choix',
    stock: 5,
    os_choices: JSON.stringify([
      { id: 'debian-12', name: 'Debian 12', family: 'linux' },
      { id: 'ubuntu-24-04', name: 'Ubuntu 24.04', family: 'linux' },
    ]),
    config_products: JSON.stringify({ ram: '4 Go', cores: 2, storage: '80 Go SSD' }),
  });

/** A game server delivered by the panel, offering three variants. */
const gameWithVariants = () =>
  buildSellableProduct(db(), {
    name: 'Minecraft Variantes',
    stock: 5,
    service_kind: 'game',
    delivery: 'pterodactyl',
    variants: JSON.stringify([
      { id: 'paper', name: 'Paper', egg: 1 },
      { id: 'forge', name: 'Forge', egg: 2 },
      { id: 'fabric', name: 'Fabric', egg: 3 },
    ]),
  });

const line = (product: TestProduct, choice: Record<string, unknown>) => ({ items: [{ productId: product.id, qty: 1, ...choice }] });
const stockOf = async (id: number) => Number((await db()('products').where({ id }).first()).stock);

async function card(product: TestProduct, choice: Record<string, unknown>, application = app()) {
  const user = await buyer(db());
  const res = await request(application)
    .post('/api/checkout/stripe')
    .set('Authorization', bearer(user.id))
    .send(cartBody(product, 1, line(product, choice)));
  return { res, user };
}

describe('a cart line’s system and variant', () => {
  it.each([
    ['no system', {}, 'os'],
    ['a system the product does not offer', { os: 'windows-server-2022' }, 'os'],
    ['a blank system', { os: ' ' }, 'os'],
  ])('400 checkout.errors.os for %s: no order, no stock taken', async (_case, choice, field) => {
    const product = await vpsWithSystems();
    const orders = await countRows(db(), 'orders');
    const { res } = await card(product, choice);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields: { [`items.0.${field}`]: [`checkout.errors.${field}`] } });
    expect(await countRows(db(), 'orders')).toBe(orders);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('400 checkout.errors.variant for a game line without its variant or with another, and for a choice a product does not offer', async () => {
    const game = await gameWithVariants();
    const plain = await buildSellableProduct(db(), { stock: 5 });
    const orders = await countRows(db(), 'orders');
    for (const [product, choice, field] of [
      [game, {}, 'variant'],
      [game, { variant: 'spigot' }, 'variant'],
      [game, { variant: 'paper', os: 'debian-12' }, 'os'],
      [plain, { variant: 'paper' }, 'variant'],
    ] as const) {
      const { res } = await card(product, choice);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ [`items.0.${field}`]: [`checkout.errors.${field}`] });
    }
    expect(await countRows(db(), 'orders')).toBe(orders);
    expect([await stockOf(game.id), await stockOf(plain.id)]).toEqual([5, 5]);
  });

  it('names the failing line in a cart of two', async () => {
    const vps = await vpsWithSystems();
    const game = await gameWithVariants();
    const user = await buyer(db());
    const body = cartBody(vps, 1);
    body.items = [
      { productId: vps.id, qty: 1, os: 'debian-12' },
      { productId: game.id, qty: 1 },
    ] as never;
    body.totalCents = 0;
    const res = await request(app()).post('/api/checkout/stripe').set('Authorization', bearer(user.id)).send(body).expect(400);
    expect(res.body.fields).toEqual({ 'items.1.variant': ['checkout.errors.variant'] });
  });
});

describe('an order with its choices', () => {
  it('card: the lines keep the ids and names, the order its system, GET /api/orders/{id} and the invoice PDF say them', async () => {
    const shop = app();
    const vps = await vpsWithSystems();
    const { res, user } = await card(vps, { os: 'ubuntu-24-04' }, shop);
    expect(res.status).toBe(201);
    const orderId = res.body.orderId as number;

    expect(await db()('order_lines').where({ order_id: orderId }).first()).toMatchObject({
      os: 'ubuntu-24-04',
      os_name: 'Ubuntu 24.04',
      variant: null,
      variant_name: null,
    });
    // The staff picker's family rule reads the order's system.
    expect((await db()('orders').where({ id: orderId }).first()).os).toBe('Ubuntu 24.04');
    // Renamed later: the order still says what was sold.
    await db()('products')
      .where({ id: vps.id })
      .update({ os_choices: JSON.stringify([{ id: 'ubuntu-24-04', name: 'Ubuntu 24.04 LTS', family: 'linux' }]) });

    const shown = await request(shop).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(shown.body.order.lines).toMatchObject([{ name: 'VPS Choix', os: { id: 'ubuntu-24-04', name: 'Ubuntu 24.04' }, variant: null }]);

    // The pro forma while unpaid, then the invoice numbered at payment: the line names the system.
    const pdf = await binary(request(shop).get(`/api/vps/orders/${orderId}/invoice`).set('Authorization', bearer(user.id))).expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('VPS Choix');
    expect(text).toContain('Système : Ubuntu 24.04');
    await notifyCardPaid(shop, res.body.checkoutUrl.split('/sandbox-checkout/')[1]);
    const invoice = await db()('billing_documents').where({ order_id: orderId, kind: 'invoice' }).first();
    expect(invoice.data.lines).toMatchObject([
      { name: 'VPS Choix', description: expect.stringMatching(/^Système : Ubuntu 24\.04 · RAM : 4 Go/) },
    ]);
  });

  it('PayPal: the game variant is kept and shown', async () => {
    const shop = app();
    const game = await gameWithVariants();
    const user = await buyer(db());
    const res = await request(shop)
      .post('/api/payment/create-order')
      .set('Authorization', bearer(user.id))
      .send({ items: line(game, { variant: 'forge' }).items, amount: cartBody(game).totalCents })
      .expect(201);
    const orderId = res.body.order.id as number;
    const shown = await request(shop).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(shown.body.order.lines).toMatchObject([{ os: null, variant: { id: 'forge', name: 'Forge' } }]);
  });

  it('bank transfer: the system is kept, and the pro forma says it', async () => {
    const shop = app();
    const vps = await vpsWithSystems();
    const user = await buyer(db());
    const placed = await request(shop)
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({ ...cartBody(vps, 1, line(vps, { os: 'debian-12' })), ...PAYER })
      .expect(201);
    const orderId = placed.body.orderId as number;
    expect(await db()('order_lines').where({ order_id: orderId }).first()).toMatchObject({ os: 'debian-12', os_name: 'Debian 12' });
    expect((await db()('orders').where({ id: orderId }).first()).os).toBe('Debian 12');
    const pdf = await binary(request(shop).get(`/api/vps/orders/${orderId}/invoice`).set('Authorization', bearer(user.id))).expect(200);
    expect(await pdfText(pdf.body as Buffer)).toContain('Système : Debian 12');
  });
});

describe('the delay the order mails promise', () => {
  const mailOf = async (email: string, template: string) => db()('mail_outbox').where({ to_email: email, template }).first();

  it('"en quelques minutes" for products that deliver themselves, the terms’ 3 to 4 working days for the others', async () => {
    const shop = app();
    const game = await gameWithVariants();
    const manual = await vpsWithSystems();

    const automatic = await card(game, { variant: 'paper' }, shop);
    expect(automatic.res.status).toBe(201);
    const received = await mailOf(automatic.user.email, 'order_received');
    expect(received.text_body).toContain('en ligne en quelques minutes');
    expect(received.text_body).not.toContain('jours ouvrés');
    expect(received.text_body).toContain('Minecraft Variantes (Paper)');

    await notifyCardPaid(shop, automatic.res.body.checkoutUrl.split('/sandbox-checkout/')[1]);
    // The payment's follow-up, as the worker runs it.
    await createOrderPaidFollowUp({
      db: db(),
      mailer: createTestMailer(db()),
      machines: testMachines(db(), createSimulatedFleet(db())),
      logger: testLogger(),
    })({
      orderId: automatic.res.body.orderId,
    });
    expect((await mailOf(automatic.user.email, 'payment_received')).text_body).toContain('en ligne en quelques minutes');

    const byHand = await card(manual, { os: 'debian-12' }, shop);
    const manualMail = await mailOf(byHand.user.email, 'order_received');
    expect(manualMail.text_body).toContain('3 à 4 jours ouvrés');
    expect(manualMail.text_body).not.toContain('quelques minutes');
  });

  it('in the bank transfer instructions too, in the buyer’s language', async () => {
    const shop = app();
    const game = await gameWithVariants();
    const user = await buyer(db(), { language: 'en' });
    const placed = await request(shop)
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({ ...cartBody(game, 1, line(game, { variant: 'fabric' })), ...PAYER })
      .expect(201);
    await request(shop)
      .post('/api/checkout/bank-transfer/confirm')
      .set('Authorization', bearer(user.id))
      .send({ orderId: placed.body.orderId, ...PAYER })
      .expect(200);
    const mail = await mailOf(user.email, 'bank_transfer_instructions');
    expect(mail.text_body).toContain('online within minutes');
    expect(mail.text_body).not.toContain('3 to 4 working days');
  });
});
