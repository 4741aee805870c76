import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_DOCUMENT_QUEUE } from '../../server/jobs/queues';
import type { BillingDocumentRow } from '../../server/modules/invoices/billing-documents.repo';
import { createTestApp, TEST_BANK, TEST_SELLER, testLogger } from '../support/app';
import { createJobQueue } from '../../server/jobs/job-queue';
import { createDocumentIssuer } from '../../server/modules/invoices/document-issuer';
import { backfillInvoiceDocuments } from '../../server/modules/invoices/backfill-invoices';
import { buildSellableProduct, buyer, cartBody, startCardCheckout } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { binary, paidCardOrder } from '../support/paid-orders';
import { pdfText } from '../support/pdf-text';
import { bearer } from '../support/accounts';
import { startSmtpCapture } from '../support/smtp-capture';
import { createMailTransport } from '../../server/providers/mail/index';
import { DEFAULT_SMTP_TIMEOUTS } from '../../server/providers/mail/smtp';
import { documentAttachments } from '../../server/modules/invoices/document-attachments';
import { createOutboxSender } from '../../server/modules/mail/outbox-sender';
import { systemClock } from '../../server/clock/clock';
import { strFromU8, unzipSync } from 'fflate';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 16: invoices and credit notes are issued by the order lifecycle, frozen, in their own
// gap-free series, and the database refuses any change to them.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const db = () => database.db;
const app = () => createTestApp(db());
const year = new Date().getUTCFullYear();

const documentsOf = (orderId: number) => db()<BillingDocumentRow>('billing_documents').where({ order_id: orderId }).orderBy('id');
const walletOf = async (userId: number) => Number((await db()('users').where({ id: userId }).first()).wallet_cents);
const refund = (adminId: number, orderId: number, body: object) =>
  request(app()).post(`/api/admin/orders/${orderId}/refund`).set('Authorization', staffBearer(adminId)).send(body);
const cancel = (adminId: number, orderId: number) =>
  request(app()).post(`/api/admin/orders/${orderId}/cancel`).set('Authorization', staffBearer(adminId)).send({});

async function paidOrder(overrides: Record<string, unknown> = {}) {
  const client = await buyer(db(), { full_name: 'Emma Janssens', address: 'Rue Neuve 5, 1000 Bruxelles', ...overrides });
  const product = await buildSellableProduct(db());
  const order = await paidCardOrder(app(), db(), client.id, cartBody(product, 2));
  return { client, product, order };
}

describe('the invoice, issued when the order is paid', () => {
  it('is numbered with the order, its facts frozen from the order and the buyer, and queued for rendering', async () => {
    const { client, order } = await paidOrder();
    const [invoice, ...others] = await documentsOf(order.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: order.invoice_number,
      user_id: client.id,
      corrects_document_id: null,
      currency: 'EUR',
      net_cents: Number(order.subtotal_cents),
      tax_cents: Number(order.tax_cents),
      total_cents: Number(order.total_cents),
      payable_cents: 0,
      pdf: null,
      ubl_xml: null,
    });
    expect(order.invoice_number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(invoice!.issued_at.toISOString()).toBe(new Date(order.invoiced_at!).toISOString());
    const data = invoice!.data;
    expect(data).toMatchObject({
      kind: 'invoice',
      orderId: order.id,
      buyerReference: String(order.id),
      vatScheme: 'standard',
      seller: {
        name: TEST_SELLER.name,
        vatNumber: 'BE0123456749',
        legalId: { scheme: '0208', id: '0123456749' },
        endpoint: { scheme: '0208', id: '0123456749' },
      },
      buyer: { name: 'Emma Janssens', address: 'Rue Neuve 5, 1000 Bruxelles', country: 'BE', isBusiness: false, endpoint: null },
      totals: { prepaidCents: Number(order.total_cents), payableCents: 0, roundingCents: 0 },
      payment: { method: 'card' },
    });
    expect(data.lines).toHaveLength(1);
    expect(data.lines[0]).toMatchObject({ qty: 2, rate: 21, category: 'S' });
    expect(data.vat).toEqual([{ category: 'S', rate: 21, baseCents: Number(order.subtotal_cents), taxCents: Number(order.tax_cents) }]);
    const jobs = await db().raw('SELECT data FROM pgboss.job WHERE name = ? AND data @> ?::jsonb', [
      RENDER_DOCUMENT_QUEUE.name,
      JSON.stringify({ documentId: invoice!.id }),
    ]);
    expect(jobs.rows).toHaveLength(1);
  });

  it('keeps what it said when the buyer changes their profile afterwards', async () => {
    const { client, order } = await paidOrder();
    await db()('users').where({ id: client.id }).update({ full_name: 'Someone Else', address: 'Elsewhere 1, 9000 Gent' });
    const [invoice] = await documentsOf(order.id);
    expect(invoice!.data.buyer).toMatchObject({ name: 'Emma Janssens', address: 'Rue Neuve 5, 1000 Bruxelles' });
  });

  it('names a Belgian business by its enterprise number, the Peppol endpoint it is sent to', async () => {
    const { order } = await paidOrder({ user_type: 'business', company_name: 'PixelForge SRL', vat_number: 'BE 0403.170.701' });
    const [invoice] = await documentsOf(order.id);
    expect(invoice!.data.buyer).toMatchObject({
      name: 'PixelForge SRL',
      contactName: 'Emma Janssens',
      vatNumber: 'BE0403170701',
      legalId: { scheme: '0208', id: '0403170701' },
      endpoint: { scheme: '0208', id: '0403170701' },
      isBusiness: true,
    });
  });
});

describe('credit notes, issued when money goes back', () => {
  it('a refund issues a credit note in its own gap-free series, correcting the invoice by the amount given back', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { order } = await paidOrder();
    await refund(admin.id, order.id, { amount_cents: 1000, reason: 'Geste commercial' }).expect(200);
    await refund(admin.id, order.id, { amount_cents: 500, reason: 'Panne réseau' }).expect(200);

    const [invoice, first, second] = await documentsOf(order.id);
    expect(first).toMatchObject({ kind: 'credit_note', corrects_document_id: invoice!.id, payable_cents: 1000 });
    expect(second).toMatchObject({ kind: 'credit_note', corrects_document_id: invoice!.id, payable_cents: 500 });
    const n = Number(first!.number.slice(-6));
    expect(first!.number).toBe(`NC-${year}-${String(n).padStart(6, '0')}`);
    expect(second!.number).toBe(`NC-${year}-${String(n + 1).padStart(6, '0')}`);
    // 10.00 at 21 %: no base reaches it exactly (8.26 + 1.73 = 9.99), the note says so with a rounding cent.
    expect(first!.data.totals).toEqual({
      netCents: 826,
      taxCents: 173,
      totalCents: 999,
      prepaidCents: 0,
      roundingCents: 1,
      payableCents: 1000,
    });
    expect(first!.data).toMatchObject({ corrects: { number: invoice!.number }, reason: 'Geste commercial', buyer: invoice!.data.buyer });
    // The money went to the wallet, not back on the card the invoice was paid with: the note says so.
    expect(first!.data.payment.method).toBe('wallet');
    expect(invoice!.data.payment.method).toBe('card');
    const audit = await db()('audit_log')
      .where({ entity_type: 'order', entity_id: String(order.id), action: 'order.refunded' })
      .orderBy('id');
    expect(audit.map((a: { after: { creditNoteNumber: string } }) => a.after.creditNoteNumber)).toEqual([first!.number, second!.number]);
  });

  it('a refund of the whole invoice credits its lines exactly', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { order } = await paidOrder();
    await refund(admin.id, order.id, { amount_cents: Number(order.total_cents), reason: 'Annulation' }).expect(200);
    const [invoice, note] = await documentsOf(order.id);
    expect(note!.data.lines).toEqual(invoice!.data.lines);
    expect(note!.data.vat).toEqual(invoice!.data.vat);
    expect(note!.data.totals.roundingCents).toBe(0);
  });

  it('cancelling a paid order gives the rest back to the wallet with a credit note for it', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { client, order } = await paidOrder();
    await refund(admin.id, order.id, { amount_cents: 300, reason: 'Remise' }).expect(200);
    const walletBefore = await walletOf(client.id);

    await cancel(admin.id, order.id).expect(200);
    const rest = Number(order.total_cents) - 300;
    const row = await db()('orders').where({ id: order.id }).first();
    expect(row).toMatchObject({ status: 'cancelled', refunded_cents: Number(order.total_cents) });
    expect(await walletOf(client.id)).toBe(walletBefore + rest);
    const notes = (await documentsOf(order.id)).filter((d) => d.kind === 'credit_note');
    expect(notes.map((d) => Number(d.payable_cents))).toEqual([300, rest]);
    expect(notes[1]!.data.reason).toBe(`Annulation de la commande n° ${order.id}`);
  });

  it('cancelling an unpaid order issues nothing and moves no money', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const [order] = await db()('orders')
      .insert({ user_id: client.id, status: 'unpaid', subtotal_cents: 1000, tax_rate: 21, tax_cents: 210, total_cents: 1210 })
      .returning('*');
    await cancel(admin.id, order.id).expect(200);
    expect(await documentsOf(order.id)).toEqual([]);
    expect(await walletOf(client.id)).toBe(0);
  });

  it('invoices minus credit notes equal what customers paid minus what they got back', async () => {
    const admin = await buildStaff(db(), 'admin');
    const orders = await Promise.all([paidOrder(), paidOrder(), paidOrder(), paidOrder()]);
    const [full, partial, cancelled] = orders.map((o) => o.order);
    await refund(admin.id, full!.id, { amount_cents: Number(full!.total_cents), reason: 'Tout' }).expect(200);
    await refund(admin.id, partial!.id, { amount_cents: 777, reason: 'Partiel' }).expect(200);
    await cancel(admin.id, cancelled!.id).expect(200);

    const ids = orders.map((o) => o.order.id);
    const docs = await db()<BillingDocumentRow>('billing_documents').whereIn('order_id', ids);
    const invoiced = docs.filter((d) => d.kind === 'invoice').reduce((sum, d) => sum + Number(d.total_cents), 0);
    const credited = docs.filter((d) => d.kind === 'credit_note').reduce((sum, d) => sum + Number(d.payable_cents), 0);
    const paid = (await db()('payments').whereIn('order_id', ids).sum({ s: 'amount_cents' }))[0]?.s;
    const refunded = (await db()('orders').whereIn('id', ids).sum({ s: 'refunded_cents' }))[0]?.s;
    expect(invoiced - credited).toBe(Number(paid) - Number(refunded));
    expect(credited).toBe(Number(refunded));
  });
});

describe('the database keeps issued documents as they are', () => {
  it("refuses to change or delete an issued document, an invoiced order's amounts and buyer, or its lines", async () => {
    const { order } = await paidOrder();
    const [invoice] = await documentsOf(order.id);
    const refused = (query: PromiseLike<unknown>) =>
      expect(Promise.resolve(query)).rejects.toThrow(/is issued|is invoiced|are final|is final/);

    await refused(db()('billing_documents').where({ id: invoice!.id }).update({ number: 'X-1' }));
    await refused(
      db()('billing_documents')
        .where({ id: invoice!.id })
        .update({ data: { ...invoice!.data, buyer: { ...invoice!.data.buyer, name: 'X' } } }),
    );
    await refused(db()('billing_documents').where({ id: invoice!.id }).update({ total_cents: 1 }));
    await refused(db()('billing_documents').where({ id: invoice!.id }).del());
    await refused(db()('orders').where({ id: order.id }).update({ total_cents: 1 }));
    await refused(db()('orders').where({ id: order.id }).update({ invoice_number: null }));
    await refused(
      db()('orders')
        .where({ id: order.id })
        .update({ user_id: (await buyer(db())).id }),
    );
    await refused(db()('order_lines').where({ order_id: order.id }).update({ price_cents: 1 }));
    await refused(db()('order_lines').where({ order_id: order.id }).del());
    await refused(
      db()('order_lines').insert({
        order_id: order.id,
        name: 'extra',
        price_cents: 1,
        support_cents: 0,
        margin_cents: 0,
        qty: 1,
        tax_rate: 21,
      }),
    );

    // What happens to the order after its invoice still happens.
    await db()('orders').where({ id: order.id }).update({ status: 'in_progress' });
    // Its files are written once.
    await db()('billing_documents')
      .where({ id: invoice!.id })
      .update({ pdf: Buffer.from('%PDF-1') });
    await refused(
      db()('billing_documents')
        .where({ id: invoice!.id })
        .update({ pdf: Buffer.from('%PDF-2') }),
    );
    expect((await documentsOf(order.id))[0]).toMatchObject({ number: invoice!.number, total_cents: invoice!.total_cents });
  });
});

describe('the documents as files and lists', () => {
  it("a customer lists their own credit notes and downloads them as PDF or UBL; another customer's answer 404", async () => {
    const admin = await buildStaff(db(), 'admin');
    const { client, order } = await paidOrder();
    const stranger = await buyer(db());
    await refund(admin.id, order.id, { amount_cents: 1210, reason: 'Geste commercial' }).expect(200);

    const list = await request(app()).get('/api/credit-notes').set('Authorization', bearer(client.id)).expect(200);
    // Kept by the browser only, and revalidated with its ETag like the invoices (issue 18).
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const [note] = list.body.credit_notes;
    expect(list.body.credit_notes).toHaveLength(1);
    expect(list.body.next).toBeNull();
    expect(note).toMatchObject({
      order_id: order.id,
      invoice_number: order.invoice_number,
      net_cents: 1000,
      tax_cents: 210,
      total_cents: 1210,
      currency: 'EUR',
      reason: 'Geste commercial',
    });
    expect((await request(app()).get('/api/credit-notes').set('Authorization', bearer(stranger.id)).expect(200)).body.credit_notes).toEqual(
      [],
    );

    const pdf = await binary(request(app()).get(`/api/credit-notes/${note.id}/document`).set('Authorization', bearer(client.id))).expect(
      200,
    );
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="note-de-credit_${note.number}.pdf"`);
    const noteText = await pdfText(pdf.body as Buffer);
    expect(noteText).toContain(note.number);
    // Refunded to the wallet (the default): the credit note says so, not a vague "portés à votre crédit".
    expect(noteText.replace(/\s+/g, ' ')).toContain(
      'Le montant de cette note de crédit a été porté au crédit de votre portefeuille (le solde de votre compte client)',
    );
    const xml = await request(app())
      .get(`/api/credit-notes/${note.id}/document?format=ubl`)
      .set('Authorization', bearer(client.id))
      .expect(200);
    expect(xml.headers['content-disposition']).toBe(`attachment; filename="note-de-credit_${note.number}.xml"`);
    expect(xml.text).toContain(`<cbc:ID>${note.number}</cbc:ID>`);

    await request(app()).get(`/api/credit-notes/${note.id}/document`).set('Authorization', bearer(stranger.id)).expect(404);
    const bad = await request(app())
      .get(`/api/credit-notes/${note.id}/document?format=docx`)
      .set('Authorization', bearer(client.id))
      .expect(400);
    expect(Object.keys(bad.body.fields)).toEqual(['format']);
  });

  it("a credit note refunded to the card says the money goes back to the card, in the customer's language", async () => {
    const admin = await buildStaff(db(), 'admin');
    const { client, order } = await paidOrder({ language: 'en' });
    await refund(admin.id, order.id, { amount_cents: 500, reason: 'Goodwill', to: 'payment' }).expect(200);
    const [, note] = await documentsOf(order.id);
    const pdf = await binary(request(app()).get(`/api/credit-notes/${note!.id}/document`).set('Authorization', bearer(client.id))).expect(
      200,
    );
    const text = (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
    expect(text).toContain('The amount of this credit note is refunded to the card used for the payment.');
    expect(text).not.toContain('wallet');
  });

  it('an unpaid order has a pro forma PDF but no e-invoice yet', async () => {
    const client = await buyer(db());
    const product = await buildSellableProduct(db());
    const { orderId } = await startCardCheckout(app(), client.id, cartBody(product));
    const pdf = await binary(request(app()).get(`/api/vps/orders/${orderId}/invoice`).set('Authorization', bearer(client.id))).expect(200);
    expect(await pdfText(pdf.body as Buffer)).toContain('PRO FORMA');
    const ubl = await request(app())
      .get(`/api/vps/orders/${orderId}/invoice?format=ubl`)
      .set('Authorization', bearer(client.id))
      .expect(409);
    expect(ubl.body.error).toBe('invoice_not_issued');
    expect(await documentsOf(orderId)).toEqual([]);
  });

  it('Billing lists the documents of a period and exports them for the accountant', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { order } = await paidOrder();
    await refund(admin.id, order.id, { amount_cents: 500, reason: 'Remise' }).expect(200);
    const [invoice, note] = await documentsOf(order.id);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());

    const notes = await request(app())
      .get('/api/admin/billing/documents')
      .query({ kind: 'credit_note', from: today, to: today })
      .set('Authorization', staffBearer(admin.id))
      .expect(200);
    const listed = notes.body.documents.find((d: { id: number }) => d.id === note!.id);
    expect(notes.body.documents.every((d: { kind: string }) => d.kind === 'credit_note')).toBe(true);
    expect(listed).toMatchObject({ number: note!.number, corrects_number: invoice!.number, total_cents: 500, vat_scheme: 'standard' });
    // Not rendered yet (no worker runs here): the list says so; downloading it renders and checks it.
    expect(listed.validation).toBeNull();
    const file = await request(app())
      .get(`/api/admin/billing/documents/${note!.id}/file?format=ubl`)
      .set('Authorization', staffBearer(admin.id))
      .expect(200);
    // Staff download the same names as the customer.
    expect(file.headers['content-disposition']).toBe(`attachment; filename="note-de-credit_${note!.number}.xml"`);
    const invoicePdf = await binary(
      request(app()).get(`/api/admin/billing/documents/${invoice!.id}/file?format=pdf`).set('Authorization', staffBearer(admin.id)),
    ).expect(200);
    expect(invoicePdf.headers['content-disposition']).toBe(`attachment; filename="facture_${invoice!.number}.pdf"`);
    const again = await request(app())
      .get('/api/admin/billing/documents')
      .query({ kind: 'credit_note', from: today, to: today })
      .set('Authorization', staffBearer(admin.id))
      .expect(200);
    expect(again.body.documents.find((d: { id: number }) => d.id === note!.id).validation).toMatchObject({ valid: true, errors: [] });
    const empty = await request(app())
      .get('/api/admin/billing/documents')
      .query({ from: '2001-01-01', to: '2001-01-31' })
      .set('Authorization', staffBearer(admin.id))
      .expect(200);
    expect(empty.body).toEqual({ documents: [], next: null, hasMore: false });

    const zip = await binary(
      request(app()).get('/api/admin/billing/export').query({ from: today, to: today }).set('Authorization', staffBearer(admin.id)),
    ).expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        `invoices/${invoice!.number}.xml`,
        `invoices/${invoice!.number}.pdf`,
        `credit-notes/${note!.number}.xml`,
        'ledger.csv',
      ]),
    );
    const ledger = strFromU8(files['ledger.csv']!);
    expect(ledger).toContain(invoice!.number);
    expect(ledger).toContain(note!.number);

    const reversed = await request(app())
      .get('/api/admin/billing/export')
      .query({ from: today, to: '2001-01-01' })
      .set('Authorization', staffBearer(admin.id))
      .expect(400);
    expect(Object.keys(reversed.body.fields)).toEqual(['to']);
  }, 90_000); // the export renders and checks every document of the day: ~10 s alone, more on a busy 2-core machine
});

describe('how the customer gets the document', () => {
  it('a consumer gets the invoice by mail with its PDF attached; a Belgian business gets it over Peppol instead', async () => {
    const smtp = await startSmtpCapture();
    try {
      const { client, order } = await paidOrder();
      const [invoice] = await documentsOf(order.id);
      await request(app()).get(`/api/vps/orders/${order.id}/invoice`).set('Authorization', bearer(client.id)).expect(200); // renders it
      const mail = await db()('mail_outbox').where({ attachment_document_id: invoice!.id }).first();
      expect(mail).toMatchObject({ to_email: client.email, template: 'invoice_issued', subject: `Votre facture n° ${invoice!.number}` });
      expect(await db()('einvoice_deliveries').where({ document_id: invoice!.id })).toEqual([]);

      const transport = createMailTransport(
        { smtpUrl: smtp.url, from: 'factures@hubhost.test', timeouts: DEFAULT_SMTP_TIMEOUTS },
        testLogger(),
      );
      const sender = createOutboxSender({
        db: db(),
        transport,
        attachments: documentAttachments,
        clock: systemClock,
        logger: testLogger(),
      });
      expect(await sender.sendNow(mail.id)).toBe('sent');
      await transport.close();
      const [received] = smtp.mails.filter((m) => m.to.includes(client.email));
      expect(received!.subject).toBe(`Votre facture n° ${invoice!.number}`);
      expect(received!.raw).toContain(`Content-Type: application/pdf; name=facture_${invoice!.number}.pdf`);
      expect(received!.raw).toContain(`filename=facture_${invoice!.number}.pdf`);

      const business = await paidOrder({ user_type: 'business', company_name: 'PixelForge SRL', vat_number: 'BE0403170701' });
      const [b2b] = await documentsOf(business.order.id);
      await request(app()).get(`/api/vps/orders/${business.order.id}/invoice`).set('Authorization', bearer(business.client.id)).expect(200);
      expect(await db()('mail_outbox').where({ attachment_document_id: b2b!.id })).toEqual([]);
      expect(await db()('einvoice_deliveries').where({ document_id: b2b!.id }).first()).toMatchObject({ status: 'queued' });
      // Nothing silent: a mail (without the PDF, it would be booked twice) says where the invoice went.
      const told = await db()('mail_outbox').where({ to_email: business.client.email, template: 'invoice_peppol' });
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ subject: `Votre facture n° ${b2b!.number} envoyée par Peppol`, attachment_document_id: null });
      expect(told[0].text_body.replace(/\s+/g, ' ')).toContain(
        'directement dans votre logiciel comptable (identifiant Peppol 0208:0403170701)',
      );
      // The order page and the panel say it too; the consumer's say nothing of Peppol.
      const shown = await request(app())
        .get(`/api/orders/${business.order.id}`)
        .set('Authorization', bearer(business.client.id))
        .expect(200);
      expect(shown.body.order).toMatchObject({ invoice_number: b2b!.number, invoice_peppol_id: '0208:0403170701' });
      const consumer = await request(app()).get(`/api/orders/${order.id}`).set('Authorization', bearer(client.id)).expect(200);
      expect(consumer.body.order.invoice_peppol_id).toBeNull();
      // The PDF and the UBL stay the customer's to download.
      await request(app())
        .get(`/api/vps/orders/${business.order.id}/invoice?format=ubl`)
        .set('Authorization', bearer(business.client.id))
        .expect(200);
    } finally {
      await smtp.close();
    }
  });
});

describe('orders invoiced before documents were stored', () => {
  it('get their invoice document at start-up, under the number and date they have, once', async () => {
    const client = await buyer(db(), { full_name: 'Ancien Client' });
    const invoicedAt = new Date('2026-03-02T10:00:00Z');
    const [old] = await db()('orders')
      .insert({
        user_id: client.id,
        status: 'paid',
        subtotal_cents: 1000,
        tax_rate: 21,
        tax_cents: 210,
        total_cents: 1210,
        paid_at: invoicedAt,
        payment_method: 'card',
      })
      .returning('*');
    await db()('order_lines').insert({ order_id: old.id, name: 'VPS Legacy', price_cents: 1000, qty: 1, tax_rate: 21 });
    await db()('orders').where({ id: old.id }).update({ invoice_number: '2026-900001', invoiced_at: invoicedAt });
    const noDate = (
      await db()('orders')
        .insert({
          user_id: client.id,
          status: 'paid',
          subtotal_cents: 1,
          tax_rate: 21,
          tax_cents: 0,
          total_cents: 1,
          invoice_number: '2026-900002',
        })
        .returning('id')
    )[0];

    const issuer = createDocumentIssuer({ seller: TEST_SELLER, bank: TEST_BANK, jobs: createJobQueue(db(), testLogger()) });
    expect(await backfillInvoiceDocuments(db(), issuer)).toBeGreaterThanOrEqual(1);
    const [document] = await documentsOf(old.id);
    expect(document).toMatchObject({ kind: 'invoice', number: '2026-900001', total_cents: 1210 });
    expect(document!.issued_at.toISOString()).toBe(invoicedAt.toISOString());
    expect(document!.data.buyer.name).toBe('Ancien Client');
    expect(await documentsOf(noDate.id)).toEqual([]); // no date to print: left as it is, and not tried forever

    expect(await backfillInvoiceDocuments(db(), issuer)).toBe(0);
    expect(await documentsOf(old.id)).toHaveLength(1);
  });
});
