import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartTotals } from '../../shared/money/cart-totals';
import type { VatStatusDto } from '../../shared/schemas/vat';
import { createJobQueue } from '../../server/jobs/job-queue';
import { createMovableClock, systemClock } from '../../server/clock/clock';
import { issueRenewalInvoices } from '../../server/modules/billing-cycle/renewal-invoices';
import { orderPayments } from '../../server/modules/payments/order-payments';
import { autoChargePlan } from '../../server/modules/renewal-charges/auto-charge-plan';
import type { BillingDocumentRow } from '../../server/modules/invoices/billing-documents.repo';
import type { OrderRow } from '../../server/modules/orders/orders.repo';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { startEInvoiceFake, type EInvoiceFake } from '../fakes/e-invoice';
import { startViesFake, type ViesFake } from '../fakes/vies';
import { createEinvoiceSendJob } from '../../server/modules/einvoice/delivery/einvoice-delivery.job';
import { createEinvoiceSender } from '../../server/modules/einvoice/delivery/einvoice-sender';
import { createEInvoiceAccessPoint } from '../../server/providers/peppol/e-invoice';
import { bearer } from '../support/accounts';
import { createTestApp, createTestMailer, testLogger } from '../support/app';
import { buildAvailableVps } from '../support/builders';
import { buildSellableProduct, buyer, startCardCheckout, type TestProduct } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { binary, notifyCardPaid } from '../support/paid-orders';
import { pdfText } from '../support/pdf-text';
import { buildStaff, staffBearer } from '../support/staff';
import { testMachines } from '../support/service-machines';

// Issue 16 "done when": every document the shop issues, made through the real flows (checkout,
// provider notification, wallet, bank transfer marked received, renewal, refund, cancellation),
// passes the UBL 2.1 schema, the CEN EN 16931 rules and the Peppol BIS 3.0 rules with no fatal or
// error assertion; and the cart, the PDF and the UBL agree to the cent. The rules are read from
// ../shared/einvoice (the app's default when EINVOICE_RULES_DIR is not set).

const VALID_FR = 'FR12345678901';

let database: TestDatabase;
let vies: ViesFake;
let product: TestProduct;
let admin: { id: number };
let peppol: EInvoiceFake;
beforeAll(async () => {
  database = await createTestDatabase();
  vies = await startViesFake({ valid: { [VALID_FR]: { name: 'OCTET SAS' } } });
  peppol = await startEInvoiceFake();
  product = await buildSellableProduct(db(), { price_cents: 1599, support_cents: 250, margin_cents: 101, stock: 1000 });
  admin = await buildStaff(db(), 'admin');
});
afterAll(async () => {
  await database.destroy();
  await vies.close();
  await peppol.close();
  const fired = issued.reduce((sum, entry) => sum + Number(entry.document.validation?.firedRules ?? 0), 0);
  const failed = issued.filter((entry) => entry.document.validation?.valid !== true).length;
  console.info(`e-invoices made through the flows: ${issued.length} documents checked, ${fired} rules fired, ${failed} failures`);
});

const db = () => database.db;
let application: ReturnType<typeof createTestApp> | undefined;
const app = () => (application ??= createTestApp(db(), { config: { viesUrl: vies.baseUrl } }));

interface Issued {
  label: string;
  document: BillingDocumentRow;
  /** What the customer was shown and charged (cart total; for a credit note: the money given back). */
  expectedCents: number;
  ubl: string;
  pdf: string;
}
const issued: Issued[] = [];

/** The cart's total for `qty` units, with the rate the VAT endpoint gives this customer. */
async function cartTotalFor(userId: number, qty: number): Promise<{ total: number; vat: VatStatusDto }> {
  const vat = (await request(app()).get('/api/account/vat').set('Authorization', bearer(userId)).expect(200)).body as VatStatusDto;
  return { total: cartTotals([{ ...product, qty }], { taxRate: vat.taxRate, category: vat.category }).totalCents, vat };
}

const orderOf = async (id: number) => (await db()<OrderRow>('orders').where({ id }).first())!;
const documentsOf = (orderId: number) => db()<BillingDocumentRow>('billing_documents').where({ order_id: orderId }).orderBy('id');

/** The files as the customer downloads them; rendering and checks happen on this first request if the job has not run. */
async function downloads(userId: number, document: BillingDocumentRow): Promise<{ ubl: string; pdf: string }> {
  const path = document.kind === 'invoice' ? `/api/vps/orders/${document.order_id}/invoice` : `/api/credit-notes/${document.id}/document`;
  const xml = await binary(request(app()).get(path).query({ format: 'ubl' }).set('Authorization', bearer(userId))).expect(200);
  expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
  const pdf = await binary(request(app()).get(path).set('Authorization', bearer(userId))).expect(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  return { ubl: (xml.body as Buffer).toString('utf8'), pdf: await pdfText(pdf.body as Buffer) };
}

async function record(label: string, userId: number, document: BillingDocumentRow, expectedCents: number): Promise<Issued> {
  const files = await downloads(userId, document);
  const stored = (await db()<BillingDocumentRow>('billing_documents').where({ id: document.id }).first())!;
  const entry = { label, document: stored, expectedCents, ...files };
  issued.push(entry);
  assertLegalAndAgreeing(entry);
  return entry;
}

/**
 * The document passed the UBL 2.1 schema, the CEN and the Peppol rules with no fatal or error
 * assertion; its UBL, its stored facts and its PDF say the same amounts, which are what the
 * customer was charged (an invoice) or given back (a credit note).
 */
function assertLegalAndAgreeing(entry: Issued): void {
  const { label, document, ubl } = entry;
  expect({ label, valid: document.validation?.valid, errors: document.validation?.errors }).toEqual({ label, valid: true, errors: [] });
  expect(Number(document.validation?.firedRules)).toBeGreaterThan(50);
  const totals = document.data.totals;
  expect({
    label,
    inclusive: amountIn(ubl, 'TaxInclusiveAmount'),
    tax: amountIn(ubl, 'TaxAmount'),
    payable: amountIn(ubl, 'PayableAmount'),
  }).toEqual({
    label,
    inclusive: totals.totalCents,
    tax: totals.taxCents,
    payable: totals.payableCents,
  });
  const chargedOrGivenBack = document.kind === 'invoice' ? totals.totalCents : totals.payableCents;
  expect({ label, cents: chargedOrGivenBack }).toEqual({ label, cents: entry.expectedCents });
  const text = entry.pdf.replace(/\s/g, ' ');
  expect({ label, total: text.includes(printed(totals.totalCents)), vat: text.includes(printed(totals.taxCents)) }).toEqual({
    label,
    total: true,
    vat: true,
  });
}

/** A card order placed at the cart's total and paid through the provider's notification. */
async function cardInvoice(label: string, customer: Record<string, unknown>, qty = 1) {
  const user = await buyer(db(), customer);
  const { total, vat } = await cartTotalFor(user.id, qty);
  const { orderId, checkoutId } = await startCardCheckout(app(), user.id, {
    userId: user.id,
    items: [{ productId: product.id, qty }],
    totalCents: total,
    lng: 'fr',
  });
  await notifyCardPaid(app(), checkoutId);
  const [invoice] = await documentsOf(orderId);
  return { user, vat, order: await orderOf(orderId), entry: await record(label, user.id, invoice!, total) };
}

const amountIn = (ubl: string, element: string) => {
  const match = new RegExp(`<cbc:${element} currencyID="EUR">([0-9.]+)</cbc:${element}>`).exec(ubl);
  return match ? Math.round(Number(match[1]) * 100) : null;
};
/** Amounts as the French PDF prints them (1 234,56 €): digits of the total, whatever the spaces. */
const printed = (cents: number) =>
  new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\s/g, ' ');

describe('the documents of each case, made through the real flows', () => {
  it('a Belgian individual: Belgian VAT 21 %', async () => {
    const { entry, order } = await cardInvoice('BE individual', { country: 'BE', address: 'Rue Neuve 5, 1000 Bruxelles' }, 2);
    expect(order).toMatchObject({ vat_scheme: 'standard', tax_rate: 21 });
    expect(entry.ubl).toContain('<cbc:ID>S</cbc:ID>');
  });

  it('a Belgian business: 21 %, its enterprise number as Peppol endpoint (0208); the invoice and its credit note reach Peppol', async () => {
    const { user, order, entry } = await cardInvoice('BE business', {
      user_type: 'business',
      company_name: 'PixelForge SRL',
      vat_number: 'BE0403170701',
      address: 'Avenue Louise 54, 1050 Ixelles',
    });
    expect(entry.ubl).toContain('<cbc:EndpointID schemeID="0208">0403170701</cbc:EndpointID>');
    await request(app())
      .post(`/api/admin/orders/${order.id}/refund`)
      .set('Authorization', staffBearer(admin.id))
      .send({ amount_cents: 500, reason: 'Remise' })
      .expect(200);
    const [, note] = await documentsOf(order.id);
    await record('BE business credit note', user.id, note!, 500);

    // Stored with its files, each document was queued for Peppol; the send job hands it to the access point.
    const sender = createEinvoiceSender({
      db: db(),
      accessPoint: createEInvoiceAccessPoint({ apiKey: peppol.apiKey, apiBase: peppol.baseUrl }),
      clock: systemClock,
      logger: testLogger(),
    });
    const send = createEinvoiceSendJob(sender);
    for (const document of [entry.document, note!]) {
      const delivery = await db()('einvoice_deliveries').where({ document_id: document.id }).first();
      expect(delivery).toMatchObject({ status: 'queued', recipient_scheme: '0208', recipient_id: '0403170701' });
      await send({ deliveryId: delivery.id });
      expect((await db()('einvoice_deliveries').where({ id: delivery.id }).first()).status).toMatch(/^(sent|delivered)$/);
    }
    const received = [...peppol.documents.values()].filter((d) => d.receiver?.id === '0403170701');
    const sentUbl = await db()<BillingDocumentRow>('billing_documents').whereIn('id', [entry.document.id, note!.id]).orderBy('id');
    expect(received.map((d) => [d.documentType, d.invoiceId, d.ubl])).toEqual([
      ['INVOICE', entry.document.number, sentUbl[0]!.ubl_xml],
      ['CREDIT_NOTE', note!.number, sentUbl[1]!.ubl_xml],
    ]);
  });

  it("a consumer's document is not sent over Peppol", async () => {
    const { entry } = await cardInvoice('BE individual (no Peppol)', { address: 'Rue Neuve 7, 1000 Bruxelles' });
    expect(await db()('einvoice_deliveries').where({ document_id: entry.document.id })).toEqual([]);
  });

  it('a French business VIES confirms: reverse charge (AE, VATEX-EU-AE)', async () => {
    const { entry, order } = await cardInvoice('FR business, reverse charge', {
      user_type: 'business',
      company_name: 'Octet SAS',
      vat_number: VALID_FR,
      country: 'FR',
      address: '3 rue de la Paix, 75002 Paris',
    });
    expect(order).toMatchObject({ vat_scheme: 'reverse_charge', buyer_vat_number: VALID_FR });
    expect(entry.ubl).toContain('VATEX-EU-AE');
    expect(entry.pdf).toContain('196');
  });

  it.each([
    ['FR', 20, '3 rue de la Paix, 75002 Paris'],
    ['NL', 21, 'Damrak 1, 1012 LG Amsterdam'],
    ['PL', 23, 'ul. Marszałkowska 1, 00-624 Warszawa'],
  ] as const)('a consumer in %s: OSS at %i %', async (country, rate, address) => {
    const { entry, order, vat } = await cardInvoice(`${country} consumer, OSS`, { country, address });
    expect(vat).toMatchObject({ scheme: 'oss', taxRate: rate, taxCountry: country });
    expect(order).toMatchObject({ vat_scheme: 'oss', tax_rate: rate, tax_country: country });
    expect(entry.ubl).toContain(`<cbc:Percent>${rate}</cbc:Percent>`);
  });

  it('a US business: outside the scope of EU VAT (O, VATEX-EU-O)', async () => {
    const { entry, order } = await cardInvoice('US business, outside scope', {
      user_type: 'business',
      company_name: 'Acme Hosting Inc.',
      vat_number: '12-3456789',
      country: 'US',
      address: '1 Market Street, San Francisco, CA 94105',
    });
    expect(order).toMatchObject({ vat_scheme: 'outside_scope', tax_rate: 0 });
    expect(entry.ubl).toContain('VATEX-EU-O');
  });

  it('an order paid from the wallet', async () => {
    const user = await buyer(db(), { address: 'Rue Haute 10, 1000 Bruxelles' });
    const { total } = await cartTotalFor(user.id, 1);
    const { orderId } = await startCardCheckout(app(), user.id, {
      userId: user.id,
      items: [{ productId: product.id, qty: 1 }],
      totalCents: total,
      lng: 'fr',
    });
    await db()('users')
      .where({ id: user.id })
      .update({ wallet_cents: total + 500 });
    await request(app()).post(`/api/orders/${orderId}/pay-with-wallet`).set('Authorization', bearer(user.id)).send({}).expect(200);
    const [invoice] = await documentsOf(orderId);
    const entry = await record('wallet-paid', user.id, invoice!, total);
    expect(entry.ubl).toMatch(/<cbc:PaymentMeansCode[^>]*>97<\/cbc:PaymentMeansCode>/);
  });

  it('a bank transfer paid later: the structured communication in PaymentID', async () => {
    const user = await buyer(db(), { address: 'Rue Haute 12, 1000 Bruxelles' });
    const { total } = await cartTotalFor(user.id, 1);
    const placed = await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(user.id))
      .send({
        userId: user.id,
        items: [{ productId: product.id, qty: 1 }],
        totalCents: total,
        accountIBAN: 'BE68539007547034',
        accountName: 'Camille Dubois',
        lng: 'fr',
      })
      .expect(201);
    const order = await orderOf(placed.body.orderId);
    await request(app()).post(`/api/admin/orders/${order.id}/mark-paid`).set('Authorization', staffBearer(admin.id)).send({}).expect(200);
    const [invoice] = await documentsOf(order.id);
    const entry = await record('bank transfer paid later', user.id, invoice!, total);
    expect(entry.ubl).toContain(`<cbc:PaymentID>${order.transfer_reference}</cbc:PaymentID>`);
    expect(entry.ubl).toMatch(/<cbc:PaymentMeansCode[^>]*>58<\/cbc:PaymentMeansCode>/);
  });

  it('a renewal invoice, issued by the billing cycle and paid from the wallet, names its service period', async () => {
    const { user, order } = await cardInvoice('BE individual (service renewed below)', { address: 'Rue Neuve 9, 1000 Bruxelles' });
    const expiresAt = new Date(Date.now() + 3 * 86_400_000);
    const vps = await buildAvailableVps(db());
    await db()('vps')
      .where({ id: vps.id })
      .update({ state: 'assigned', order_id: order.id, assigned_at: new Date(), expires_at: expiresAt });
    // Delivered by hand: the service the payment made for it is active on that machine.
    await db()('services').where({ order_id: order.id }).update({ status: 'active', vps_id: vps.id, expires_at: expiresAt });
    const logger = testLogger();
    const clock = createMovableClock(new Date());
    await issueRenewalInvoices({
      db: db(),
      mailer: createTestMailer(db()),
      clock,
      machines: testMachines(db(), createSimulatedFleet(db(), { now: () => clock.now() })),
      jobs: createJobQueue(db(), logger),
      payments: orderPayments,
      autoChargePlan,
      logger,
    });
    const renewal = (await db()<OrderRow>('orders').where({ renewal_of_order_id: order.id }).first())!;
    await db()('users')
      .where({ id: user.id })
      .update({ wallet_cents: Number(renewal.total_cents) });
    await request(app()).post(`/api/orders/${renewal.id}/pay-with-wallet`).set('Authorization', bearer(user.id)).send({}).expect(200);
    const [invoice] = await documentsOf(renewal.id);
    const entry = await record('renewal', user.id, invoice!, Number(order.total_cents));
    expect(entry.ubl).toMatch(/<cac:InvoicePeriod>\s*<cbc:StartDate>\d{4}-\d{2}-\d{2}<\/cbc:StartDate>\s*<cbc:EndDate>/);
  });

  it('a partial refund and a paid cancellation: credit notes referencing their invoice', async () => {
    const { user, order } = await cardInvoice('BE individual (refunded below)', { address: 'Rue Neuve 11, 1000 Bruxelles' });
    await request(app())
      .post(`/api/admin/orders/${order.id}/refund`)
      .set('Authorization', staffBearer(admin.id))
      .send({ amount_cents: 1000, reason: 'Geste commercial' })
      .expect(200);
    await request(app()).post(`/api/admin/orders/${order.id}/cancel`).set('Authorization', staffBearer(admin.id)).send({}).expect(200);
    const [invoice, partial, rest] = await documentsOf(order.id);
    const partialEntry = await record('partial refund (credit note)', user.id, partial!, 1000);
    const restEntry = await record('cancellation (credit note)', user.id, rest!, Number(order.total_cents) - 1000);
    for (const entry of [partialEntry, restEntry]) {
      expect(entry.ubl).toContain('<CreditNote ');
      expect(entry.ubl).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoice!.number}</cbc:ID>`));
    }
    expect(partialEntry.ubl).toContain('<cbc:PayableRoundingAmount currencyID="EUR">0.01</cbc:PayableRoundingAmount>');
  });
});
