import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartTotals } from '../../shared/money/cart-totals';
import { sandboxSecret } from '../../server/providers/payments/index';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from '../../server/providers/payments/sandbox';
import { startViesFake, type ViesFake } from '../fakes/vies';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_JWT_SECRET } from '../support/app';
import { buildSellableProduct, buyer, cartBody, startCardCheckout, type TestProduct } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { pdfText } from '../support/pdf-text';

// EU VAT (issue 8) against a local VIES: the seller is Belgian (TEST_SELLER.vatNumber BE…).

const VALID_FR = 'FR12345678901';
const INVALID_FR = 'FR99999999999';
const MENTION = 'Autoliquidation : TVA due par le preneur, article 196 de la directive 2006/112/CE.';

let database: TestDatabase;
let vies: ViesFake;
beforeAll(async () => {
  database = await createTestDatabase();
  vies = await startViesFake({ valid: { [VALID_FR]: { name: 'OCTET SAS' } } });
});
afterAll(async () => {
  await database.destroy();
  await vies.close();
});
beforeEach(() => vies.down(false));

const db = () => database.db;
const app = () => createTestApp(database.db, { config: { viesUrl: vies.baseUrl } });

const belgianBusiness = () =>
  buyer(db(), { user_type: 'business', company_name: 'PixelForge SRL', vat_number: 'BE0987.654.321', country: 'BE' });
const frenchBusiness = (vatNumber = VALID_FR) =>
  buyer(db(), {
    user_type: 'business',
    company_name: 'Octet SAS',
    vat_number: vatNumber,
    country: 'FR',
    full_name: 'Léa Bernard',
    address: '3 rue de la Paix, 75002 Paris',
  });
const frenchIndividual = () => buyer(db(), { country: 'FR', address: '3 rue de la Paix, 75002 Paris' });

/** The total the cart shows for one unit under a rate override (0: reverse charge). */
const totalAt = (product: TestProduct, taxRate: number | null) => cartTotals([{ ...product, qty: 1 }], { taxRate }).totalCents;

const vatOf = (application: ReturnType<typeof app>, userId: number) =>
  request(application).get('/api/account/vat').set('Authorization', bearer(userId)).expect(200);

function payByCard(application: ReturnType<typeof app>, userId: number, body: Record<string, unknown>) {
  return request(application).post('/api/checkout/stripe').set('Authorization', bearer(userId)).send(body);
}

/** Pays the order through a signed sandbox notification, so it gets an invoice number. */
async function markPaid(application: ReturnType<typeof app>, checkoutId: string) {
  const body = JSON.stringify({ id: `evt_${checkoutId}_paid`, checkoutId, outcome: 'paid' });
  await request(application)
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set(SANDBOX_SIGNATURE_HEADER, sandboxSignature(sandboxSecret(TEST_JWT_SECRET), body))
    .send(body)
    .expect(200);
}

async function invoiceText(application: ReturnType<typeof app>, orderId: number, userId: number): Promise<string> {
  const res = await request(application)
    .get(`/api/vps/orders/${orderId}/invoice`)
    .set('Authorization', bearer(userId))
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (chunk: Buffer) => chunks.push(chunk));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return pdfText(res.body as Buffer);
}

/** Places a card order at the given claimed total, pays it, answers the order row and its invoice text. */
async function paidOrderWithInvoice(userId: number, product: TestProduct, claimedTotalCents: number) {
  const application = app();
  const { orderId, checkoutId } = await startCardCheckout(application, userId, { ...cartBody(product), totalCents: claimedTotalCents });
  await markPaid(application, checkoutId);
  const order = await db()('orders').where({ id: orderId }).first();
  return { order, text: await invoiceText(application, orderId, userId) };
}

describe('EU VAT treatment of orders (seller in Belgium)', () => {
  it('a Belgian business pays Belgian VAT (21 %); VIES is not asked', async () => {
    const user = await belgianBusiness();
    const product = await buildSellableProduct(db());
    const before = vies.requests.length;
    const vat = await vatOf(app(), user.id);
    expect(vat.body).toEqual({ scheme: 'standard', category: 'S', taxRate: null, taxCountry: 'BE', check: null, vatNumber: null });

    const { order, text } = await paidOrderWithInvoice(user.id, product, totalAt(product, null));
    expect(order).toMatchObject({ vat_scheme: 'standard', buyer_vat_number: null, tax_rate: 21 });
    expect(Number(order.tax_cents)).toBe(Math.round(1599 * 0.21));
    expect(text).toMatch(/TVA 21 %/);
    expect(text).not.toContain('Autoliquidation');
    expect(vies.requests.length).toBe(before);
  });

  it('a French business with a valid VAT number: reverse charge, no VAT, total = subtotal; the invoice names its number and the legal mention', async () => {
    const user = await frenchBusiness();
    const product = await buildSellableProduct(db());
    const vat = await vatOf(app(), user.id);
    expect(vat.body).toEqual({
      scheme: 'reverse_charge',
      category: 'AE',
      taxRate: 0,
      taxCountry: null,
      check: 'valid',
      vatNumber: VALID_FR,
    });
    expect(vies.requests.at(-1)?.body).toEqual({ countryCode: 'FR', vatNumber: '12345678901' });
    const stored = await db()('users').where({ id: user.id }).first();
    expect(stored).toMatchObject({ vat_check_status: 'valid', vat_checked_number: VALID_FR, vat_check_name: 'OCTET SAS' });

    const { order, text } = await paidOrderWithInvoice(user.id, product, totalAt(product, 0));
    expect(order).toMatchObject({ vat_scheme: 'reverse_charge', buyer_vat_number: VALID_FR, tax_rate: 0 });
    expect(Number(order.tax_cents)).toBe(0);
    expect(Number(order.total_cents)).toBe(Number(order.subtotal_cents));
    expect(text).toContain('TVA 0 % (autoliquidation)');
    expect(text).toContain(`N° TVA du preneur ${VALID_FR}`);
    expect(text.replace(/\s+/g, ' ')).toContain(MENTION);
  });

  it('a French individual pays French VAT (20 %) under OSS, no VIES call; the order keeps the evidence of where they are', async () => {
    const user = await frenchIndividual();
    await db()('users').where({ id: user.id }).update({ phone: '+33 6 12 34 56 78' });
    const product = await buildSellableProduct(db());
    const before = vies.requests.length;
    expect((await vatOf(app(), user.id)).body).toEqual({
      scheme: 'oss',
      category: 'S',
      taxRate: 20,
      taxCountry: 'FR',
      check: null,
      vatNumber: null,
    });
    const { order, text } = await paidOrderWithInvoice(user.id, product, totalAt(product, 20));
    expect(order).toMatchObject({ vat_scheme: 'oss', tax_rate: 20, tax_country: 'FR', vat_legal_basis: null });
    expect(Number(order.tax_cents)).toBe(Math.round(1599 * 0.2));
    expect(order.vat_evidence).toEqual({ billingCountry: 'FR', phonePrefix: '+33', phoneCountry: 'FR', vies: null });
    expect(text).toMatch(/TVA[^\n]*20 %/);
    expect(text).not.toContain('Autoliquidation');
    expect(vies.requests.length).toBe(before);
  });

  it.each([
    ['NL', 21],
    ['PL', 23],
  ] as const)('a consumer in %s pays their own rate (%i %) under OSS', async (country, rate) => {
    const user = await buyer(db(), { country });
    const product = await buildSellableProduct(db());
    expect((await vatOf(app(), user.id)).body).toMatchObject({ scheme: 'oss', taxRate: rate, taxCountry: country });
    await payByCard(app(), user.id, cartBody(product)).expect(rate === 21 ? 201 : 400);
    const { order } = await paidOrderWithInvoice(user.id, product, totalAt(product, rate));
    expect(order).toMatchObject({ vat_scheme: 'oss', tax_rate: rate, tax_country: country });
  });

  it('with VAT_OSS off (a seller under the EU threshold) a French individual pays Belgian VAT', async () => {
    const user = await frenchIndividual();
    const application = createTestApp(database.db, { config: { viesUrl: vies.baseUrl, ossApplies: false } });
    expect((await vatOf(application, user.id)).body).toMatchObject({ scheme: 'standard', taxRate: null, taxCountry: 'BE' });
  });

  it('a business outside the EU is invoiced outside the scope of EU VAT (O, 0 %, art. 44); VIES is not asked', async () => {
    const user = await buyer(db(), {
      user_type: 'business',
      company_name: 'Acme Inc.',
      vat_number: '12-3456789',
      country: 'US',
      currency: 'USD',
    });
    const product = await buildSellableProduct(db());
    const before = vies.requests.length;
    expect((await vatOf(app(), user.id)).body).toEqual({
      scheme: 'outside_scope',
      category: 'O',
      taxRate: 0,
      taxCountry: null,
      check: null,
      vatNumber: null,
    });
    const { order } = await paidOrderWithInvoice(user.id, product, totalAt(product, 0));
    expect(order).toMatchObject({ vat_scheme: 'outside_scope', tax_rate: 0, vat_legal_basis: 'art44', tax_country: null });
    expect(Number(order.tax_cents)).toBe(0);
    expect(vies.requests.length).toBe(before);
  });

  it('a French business whose number VIES refuses is sold to as a French consumer (OSS 20 %), no mention', async () => {
    const user = await frenchBusiness(INVALID_FR);
    const product = await buildSellableProduct(db());
    expect((await vatOf(app(), user.id)).body).toEqual({
      scheme: 'oss',
      category: 'S',
      taxRate: 20,
      taxCountry: 'FR',
      check: 'invalid',
      vatNumber: INVALID_FR,
    });
    const { order, text } = await paidOrderWithInvoice(user.id, product, totalAt(product, 20));
    expect(order).toMatchObject({ vat_scheme: 'oss', buyer_vat_number: null, tax_rate: 20 });
    expect(order.vat_evidence).toMatchObject({ billingCountry: 'FR', vies: { status: 'invalid', number: INVALID_FR } });
    expect(text).not.toContain('Autoliquidation');
  });

  it('VIES unreachable: the sale goes through as to a consumer (OSS 20 %), the check stays pending and is retried on the next purchase', async () => {
    const user = await frenchBusiness();
    const product = await buildSellableProduct(db());
    vies.down(true);
    const vat = await vatOf(app(), user.id);
    expect(vat.body).toEqual({ scheme: 'oss', category: 'S', taxRate: 20, taxCountry: 'FR', check: 'pending', vatNumber: VALID_FR });
    const first = await payByCard(app(), user.id, { ...cartBody(product), totalCents: totalAt(product, 20) }).expect(201);
    expect(await db()('orders').where({ id: first.body.orderId }).first()).toMatchObject({ vat_scheme: 'oss', tax_rate: 20 });
    expect(await db()('users').where({ id: user.id }).first()).toMatchObject({ vat_check_status: 'pending' });

    vies.down(false);
    const before = vies.requests.length;
    const second = await payByCard(app(), user.id, { ...cartBody(product), totalCents: totalAt(product, 0) }).expect(201);
    expect(vies.requests.length).toBe(before + 1);
    expect(await db()('orders').where({ id: second.body.orderId }).first()).toMatchObject({ vat_scheme: 'reverse_charge', tax_cents: 0 });
  });

  it.each(['userError', 'http', 'network'] as const)('VIES failing as %s never blocks the sale', async (how) => {
    const user = await frenchBusiness();
    const product = await buildSellableProduct(db());
    vies.down(true, how);
    await payByCard(app(), user.id, { ...cartBody(product), totalCents: totalAt(product, 20) }).expect(201);
    expect(await db()('users').where({ id: user.id }).first()).toMatchObject({ vat_check_status: 'pending' });
  });
});

describe('cart and server agree on the total', () => {
  it('reverse charge: the claimed total at 0 % is accepted, the one at 21 % refused (total_mismatch with the right total)', async () => {
    const user = await frenchBusiness();
    const product = await buildSellableProduct(db());
    const wrong = await payByCard(app(), user.id, cartBody(product)).expect(400);
    expect(wrong.body.error).toBe('total_mismatch');
    expect(wrong.body.message).toContain(String(totalAt(product, 0)));
    await payByCard(app(), user.id, { ...cartBody(product), totalCents: totalAt(product, 0) }).expect(201);
  });

  it('OSS: the claimed total at 0 % is refused', async () => {
    const user = await frenchBusiness(INVALID_FR);
    const product = await buildSellableProduct(db());
    const wrong = await payByCard(app(), user.id, { ...cartBody(product), totalCents: totalAt(product, 0) }).expect(400);
    expect(wrong.body.error).toBe('total_mismatch');
  });

  it('bank transfer and PayPal follow the same treatment', async () => {
    const user = await frenchBusiness();
    const product = await buildSellableProduct(db());
    const transfer = await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({
        userId: user.id,
        items: [{ productId: product.id, qty: 1 }],
        totalCents: totalAt(product, 0),
        accountIBAN: 'BE68539007547034',
        accountName: 'Octet SAS',
        lng: 'fr',
      })
      .expect(201);
    expect(transfer.body.amountCents).toBe(totalAt(product, 0));
    const paypal = await request(app())
      .post('/api/payment/create-order')
      .set('Authorization', bearer(user.id))
      .send({ userId: user.id, items: [{ productId: product.id, qty: 1 }], amount: totalAt(product, 0), lng: 'fr' })
      .expect(201);
    expect(await db()('orders').where({ id: paypal.body.order.id }).first()).toMatchObject({ vat_scheme: 'reverse_charge' });
  });
});

describe('GET /api/account/vat', () => {
  it('needs a session', async () => {
    await request(app()).get('/api/account/vat').expect(401);
  });

  it('reuses a recent answer, and asks again when the number changed or the answer is 30 days old', async () => {
    const user = await frenchBusiness();
    await vatOf(app(), user.id);
    const before = vies.requests.length;
    await vatOf(app(), user.id);
    expect(vies.requests.length).toBe(before);

    await db()('users').where({ id: user.id }).update({ vat_number: INVALID_FR });
    expect((await vatOf(app(), user.id)).body.check).toBe('invalid');
    expect(vies.requests.length).toBe(before + 1);

    await db()('users')
      .where({ id: user.id })
      .update({
        vat_number: VALID_FR,
        vat_checked_number: VALID_FR,
        vat_check_status: 'invalid',
        vat_checked_at: new Date(Date.now() - 31 * 86_400_000),
      });
    expect((await vatOf(app(), user.id)).body.check).toBe('valid');
    expect(vies.requests.length).toBe(before + 2);
  });
});
