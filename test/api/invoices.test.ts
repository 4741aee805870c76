import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money/cart-totals';
import { sandboxSecret } from '../../server/providers/payments/index';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from '../../server/providers/payments/sandbox';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_BANK, TEST_JWT_SECRET, TEST_SELLER } from '../support/app';
import { buildSellableProduct, buyer, cartBody, startCardCheckout } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { pdfText, plainSpaces } from '../support/pdf-text';
import { addMonths } from '../../shared/billing/service-period';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const db = () => database.db;
const app = () => createTestApp(database.db);
const INVOICE_NUMBER = /\b\d{4}-\d{6}\b/;

const invoiceUrl = (orderId: number) => `/api/vps/orders/${orderId}/invoice`;

/** The PDF as bytes (supertest leaves unknown binary bodies unread). */
function getInvoice(application: ReturnType<typeof app>, orderId: number, userId?: number) {
  const call = request(application)
    .get(invoiceUrl(orderId))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return userId === undefined ? call : call.set('Authorization', bearer(userId));
}

const plain = plainSpaces;
const money = (cents: string | number, lng: string) => plain(formatMoney(Number(cents), 'EUR', lng));

/** A notification exactly as the sandbox page signs it (see webhooks-idempotency.test.ts). */
function paidNotification(checkoutId: string) {
  const body = JSON.stringify({ id: `evt_${checkoutId}_paid`, checkoutId, outcome: 'paid' });
  return { body, signature: sandboxSignature(sandboxSecret(TEST_JWT_SECRET), body) };
}

function postPaid(application: ReturnType<typeof app>, checkoutId: string) {
  const { body, signature } = paidNotification(checkoutId);
  return request(application)
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set(SANDBOX_SIGNATURE_HEADER, signature)
    .send(body)
    .expect(200);
}

async function unpaidCardOrder(userId: number, application = app()) {
  const product = await buildSellableProduct(db(), {
    name: 'VPS Performance',
    config_products: JSON.stringify({ ram: '8 Go', cores: 4, storage: '80 Go NVMe' }),
  });
  return startCardCheckout(application, userId, cartBody(product));
}

/** An order the app itself marked paid, through a signed sandbox notification. */
async function paidOrder(userId: number) {
  const application = app();
  const { orderId, checkoutId } = await unpaidCardOrder(userId, application);
  const answer = await postPaid(application, checkoutId);
  expect(answer.body.outcome).toBe('paid');
  return db()('orders').where({ id: orderId }).first();
}

const businessBuyer = () =>
  buyer(db(), {
    user_type: 'business',
    company_name: 'PixelForge SRL',
    vat_number: 'BE0987.654.321',
    full_name: 'Lucas Martin',
    address: 'Rue du Marché 42, 1000 Bruxelles',
  });

describe('GET /api/vps/orders/{id}/invoice', () => {
  it('the owner of a paid order gets the invoice PDF: number, both parties, VAT numbers, totals as a French reader sees them', async () => {
    const user = await businessBuyer();
    const order = await paidOrder(user.id);
    expect(order.invoice_number).toMatch(INVOICE_NUMBER);

    const res = await getInvoice(app(), order.id, user.id).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // Named by its number, the way an accountant files it (issue 34), not by the order id.
    expect(res.headers['content-disposition']).toBe(`attachment; filename="facture_${order.invoice_number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

    const text = await pdfText(pdf);
    expect(text).toContain('FACTURE');
    expect(text).not.toContain('PRO FORMA');
    expect(text).toContain(order.invoice_number);
    for (const expected of [
      'Lucas Martin',
      'PixelForge SRL',
      'BE0987654321', // printed in its canonical form, as the e-invoice carries it
      TEST_SELLER.name,
      TEST_SELLER.vatNumber,
      'VPS Performance',
      'RAM : 8 Go',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(new RegExp(`Total HT\\s+${escape(money(order.subtotal_cents, 'fr'))}`));
    expect(text).toMatch(new RegExp(`TVA 21 %\\s+${escape(money(order.tax_cents, 'fr'))}`));
    expect(text).toMatch(new RegExp(`Total TTC\\s+${escape(money(order.total_cents, 'fr'))}`));
    expect(text).toContain('Payée');
    expect(text).toContain('Carte bancaire');
  });

  it("names the seller from its one configuration, the subscription's period (PDF and UBL, which the official rules accept) and 'Page 1 / 1' on one line", async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db(), { name: 'VPS Trimestre', ovh_duration: '3' });
    const application = app();
    const { orderId, checkoutId } = await startCardCheckout(application, user.id, cartBody(product));
    await postPaid(application, checkoutId);
    const order = await db()('orders').where({ id: orderId }).first();
    const paid = new Date(order.paid_at);
    // Three months on, the day kept where the month has it (29 November: 28 February, not 1 March).
    const until = addMonths(paid, 3);
    const long = (at: Date) => new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(at);
    const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(at);

    const text = await pdfText((await getInvoice(application, orderId, user.id).expect(200)).body as Buffer);
    expect(text).toContain(`Période de service : du ${long(paid)} au ${long(until)}`);
    for (const fact of [TEST_SELLER.name, TEST_SELLER.address.split(',')[0]!, `N° TVA ${TEST_SELLER.vatNumber}`])
      expect(text).toContain(fact);
    expect(text).toContain(`N° d'entreprise ${TEST_SELLER.enterpriseNumber}`);
    expect(text).toContain(`Tél. ${TEST_SELLER.phone}`);
    // The footer's page count is never broken over two lines.
    expect(text).toMatch(/Page 1 \/ 1\s*$/m);

    const ubl = await request(application)
      .get(`${invoiceUrl(orderId)}?format=ubl`)
      .set('Authorization', bearer(user.id))
      .expect(200);
    expect(ubl.headers['content-disposition']).toBe(`attachment; filename="facture_${order.invoice_number}.xml"`);
    expect(ubl.text).toMatch(
      new RegExp(`<cac:InvoicePeriod>\\s*<cbc:StartDate>${day(paid)}</cbc:StartDate>\\s*<cbc:EndDate>${day(until)}</cbc:EndDate>`),
    );
    expect(ubl.text).toContain(`<cbc:Telephone>${TEST_SELLER.phone}</cbc:Telephone>`);
    // Rendering ran the official UBL, CEN and Peppol rules (../shared/einvoice): the period passes them.
    const stored = await db()('billing_documents').where({ order_id: orderId }).first('validation');
    expect(stored.validation).toMatchObject({ valid: true, errors: [] });
  });

  it('an unpaid bank-transfer order is a PRO FORMA with the order reference, the structured communication and the shop account, no invoice number', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const placed = await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({ ...cartBody(product), accountIBAN: 'BE68539007547034', accountName: 'Camille Dubois' })
      .expect(201);

    const res = await getInvoice(app(), placed.body.orderId, user.id).expect(200);
    // No number yet: the file says what it is and which order.
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pro-forma_commande-${placed.body.orderId}.pdf"`);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('PRO FORMA');
    expect(text).toContain(`Commande n° ${placed.body.orderId}`);
    expect(text).toContain("Pro forma : ce document n'est pas une facture");
    expect(text).not.toMatch(INVOICE_NUMBER);
    expect(text).not.toContain('Facture n°');
    expect(text).toContain(placed.body.reference);
    expect(text).toContain('BE71 0961 2345 6769');
    expect(text).toContain(TEST_BANK.bic);
    expect(text).toContain('Virement bancaire');
    expect(text).toContain('En attente de paiement');
  });

  it("another customer's order answers 404 like a missing one; without a session 401", async () => {
    const owner = await buyer(db());
    const stranger = await buyer(db());
    const { orderId } = await unpaidCardOrder(owner.id);

    const foreign = await request(app()).get(invoiceUrl(orderId)).set('Authorization', bearer(stranger.id)).expect(404);
    const missing = await request(app()).get(invoiceUrl(999_999)).set('Authorization', bearer(stranger.id)).expect(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.headers['content-type']).toMatch(/json/);
    await request(app()).get('/api/vps/orders/abc/invoice').set('Authorization', bearer(owner.id)).expect(404);
    const anonymous = await request(app()).get(invoiceUrl(orderId)).expect(401);
    expect(anonymous.body.error).toBe('unauthorized');
  });

  it('an id above 2147483647 or a malformed id answers 404, never 500', async () => {
    const user = await buyer(db());
    for (const id of ['2147483648', '99999999999999999999', '12abc', '1e3', '0']) {
      const res = await request(app()).get(`/api/vps/orders/${id}/invoice`).set('Authorization', bearer(user.id));
      expect({ id, status: res.status, error: res.body.error }).toEqual({ id, status: 404, error: 'not_found' });
    }
  });

  it("a Dutch customer's invoice is in Dutch", async () => {
    const user = await buyer(db(), { language: 'nl', full_name: 'Sanne de Vries' });
    const order = await paidOrder(user.id);
    const text = await pdfText((await getInvoice(app(), order.id, user.id).expect(200)).body as Buffer);
    expect(text).toContain('FACTUUR');
    expect(text).toContain(`Factuurnr. ${order.invoice_number}`);
    expect(text).toContain('Sanne de Vries');
    expect(text).toMatch(new RegExp(`Totaal incl\\. btw\\s+${escape(money(order.total_cents, 'nl'))}`));
    expect(text).toContain('Betaald');
    expect(text).not.toContain('Total TTC');
  });

  it("staff read any customer's invoice, in the customer's language", async () => {
    const customer = await businessBuyer();
    const order = await paidOrder(customer.id);
    for (const role of ['admin', 'support']) {
      const staff = await buyer(db(), { language: 'en' });
      await db()('users').where({ id: staff.id }).update({ role });
      const text = await pdfText((await getInvoice(app(), order.id, staff.id).expect(200)).body as Buffer);
      expect(text).toContain(order.invoice_number);
      expect(text).toContain('PixelForge SRL');
      expect(text).toContain('FACTURE');
    }
  });
});

describe('invoice numbers', () => {
  it('orders paid concurrently get contiguous, duplicate-free numbers that match the counter', async () => {
    const year = new Date().getUTCFullYear();
    const counter = async () => Number((await db()('invoice_counters').where({ year }).first())?.last_number ?? 0);
    const numbersOfYear = async () =>
      ((await db()('orders').where('invoice_number', 'like', `${year}-%`).pluck('invoice_number')) as string[]).map((n) =>
        Number(n.slice(5)),
      );
    const before = await counter();
    expect((await numbersOfYear()).sort((a, b) => a - b)).toEqual(range(1, before));

    const application = app();
    const checkouts = [];
    for (let i = 0; i < 15; i++) checkouts.push(await unpaidCardOrder((await buyer(db())).id, application));
    const answers = await Promise.all(checkouts.map(({ checkoutId }) => postPaid(application, checkoutId)));
    expect(answers.map((a) => a.body.outcome)).toEqual(Array(15).fill('paid'));

    const after = await counter();
    expect(after).toBe(before + 15);
    const batch = (await db()('orders')
      .whereIn(
        'id',
        checkouts.map((c) => c.orderId),
      )
      .pluck('invoice_number')) as string[];
    expect(batch.every((n) => n.startsWith(`${year}-`))).toBe(true);
    expect(batch.map((n) => Number(n.slice(5))).sort((a, b) => a - b)).toEqual(range(before + 1, after));
    expect((await numbersOfYear()).sort((a, b) => a - b)).toEqual(range(1, after));
  });
});

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
