import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMovableClock } from '../../server/clock/clock';
import { createJobQueue } from '../../server/jobs/job-queue';
import { EINVOICE_SEND_QUEUE } from '../../server/jobs/queues';
import { MAX_SEND_ATTEMPTS } from '../../server/modules/einvoice/delivery/delivery-policy';
import { createEinvoiceSendJob } from '../../server/modules/einvoice/delivery/einvoice-delivery.job';
import { createEinvoiceSender } from '../../server/modules/einvoice/delivery/einvoice-sender';
import { queueEinvoiceDelivery, type EinvoiceSendJob } from '../../server/modules/einvoice/delivery/queue-einvoice-delivery';
import { saveRendering, type BillingDocumentRow } from '../../server/modules/invoices/billing-documents.repo';
import { createEInvoiceAccessPoint } from '../../server/providers/peppol/e-invoice';
import { createSandboxAccessPoint, SANDBOX_REJECTING_RECIPIENT, SANDBOX_REJECTION_REASON } from '../../server/providers/peppol/sandbox';
import type { AccessPoint } from '../../server/providers/peppol/types';
import type { EinvoiceDeliveryDto } from '../../shared/schemas/einvoice-deliveries';
import { startEInvoiceFake, type EInvoiceFake } from '../fakes/e-invoice';
import { createTestApp } from '../support/app';
import { buildIssuedDocument, INVALID, VALID, type TestDocumentOptions } from '../support/billing-documents';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// Peppol delivery of issued documents through e-invoice.be (its SDK against the local fake), on a
// real database: queueing after the rendering, the send job, retries, status checks, Billing's
// list and 'Renvoyer'.

let database: TestDatabase;
let fake: EInvoiceFake;
const db = () => database.db;
const clock = createMovableClock(new Date('2026-11-25T09:00:00Z'));
const logLines: string[] = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startEInvoiceFake();
});
afterAll(async () => {
  await fake.close();
  await database.destroy();
});
beforeEach(async () => {
  fake.deliveries('auto');
  // The sweep takes every due row: what earlier tests left on its way is set aside, so each test's
  // sweep sees its own documents only.
  await db()('einvoice_deliveries')
    .whereIn('status', ['queued', 'sending', 'sent'])
    .update({ status: 'failed', next_attempt_at: null, next_check_at: null, claimed_until: null, claim_token: null });
});

const jobs = () => createJobQueue(db(), logger);
const eInvoice = () => createEInvoiceAccessPoint({ apiKey: fake.apiKey, apiBase: fake.baseUrl });
const senderOn = (accessPoint: AccessPoint) => createEinvoiceSender({ db: db(), accessPoint, clock, logger });
const app = () => createTestApp(db(), { clock });

/** Issues a document (rendered, valid unless told) and queues its e-invoice in one transaction, as the render job does. */
async function issue(options: TestDocumentOptions = {}) {
  const document = await buildIssuedDocument(db(), options);
  const queued = await db().transaction((trx) => queueEinvoiceDelivery(trx, jobs(), document, clock));
  return { document, ...queued };
}

const ran = new Set<string>();
/** Runs the send jobs committed for this delivery and not run yet, as the worker would (read back from pg-boss). */
async function runSendJobs(deliveryId: number, accessPoint: AccessPoint = eInvoice()): Promise<number> {
  const { rows } = await db().raw('SELECT id, data FROM pgboss.job WHERE name = ? AND data @> ?::jsonb ORDER BY created_on', [
    EINVOICE_SEND_QUEUE.name,
    JSON.stringify({ deliveryId }),
  ]);
  const pending = (rows as { id: string; data: EinvoiceSendJob }[]).filter((job) => !ran.has(job.id));
  const handler = createEinvoiceSendJob(senderOn(accessPoint));
  for (const job of pending) {
    ran.add(job.id);
    await handler(job.data);
  }
  return pending.length;
}

const deliveryOf = (documentId: number) => db()('einvoice_deliveries').where({ document_id: documentId }).first();
const sweep = (accessPoint: AccessPoint = eInvoice()) => senderOn(accessPoint).sweep();

async function listed(adminId: number, documentId: number, status = 'all'): Promise<EinvoiceDeliveryDto | undefined> {
  const res = await request(app())
    .get('/api/admin/billing/einvoices')
    .query({ status })
    .set('Authorization', staffBearer(adminId))
    .expect(200);
  return (res.body.deliveries as EinvoiceDeliveryDto[]).find((d) => d.document_id === documentId);
}
const resend = (adminId: number, documentId: number) =>
  request(app()).post(`/api/admin/billing/einvoices/${documentId}/resend`).set('Authorization', staffBearer(adminId));

describe('queueEinvoiceDelivery', () => {
  it('a Belgian VAT-registered buyer: queued with a send job; the job sends it, a status check finds it delivered', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { document, decision, deliveryId } = await issue();
    expect(decision).toBe('queued');
    expect(await deliveryOf(document.id)).toMatchObject({
      status: 'queued',
      recipient_scheme: '0208',
      recipient_id: '0477472701',
      attempts: 0,
    });

    expect(await runSendJobs(deliveryId!)).toBe(1);
    const sent = await deliveryOf(document.id);
    expect(sent).toMatchObject({ status: 'sent', access_point: 'e-invoice', attempts: 1, last_error: null });
    expect(sent.ap_verdict).toEqual({ valid: true, issues: [] });
    expect(fake.documents.get(sent.ap_document_id)).toMatchObject({
      invoiceId: document.number,
      documentType: 'INVOICE',
      ubl: document.ubl_xml,
      receiver: { scheme: '0208', id: '0477472701' },
      state: 'TRANSIT',
    });

    // The status check is due a minute later, not before.
    await sweep();
    expect((await deliveryOf(document.id)).status).toBe('sent');
    clock.advance({ minutes: 1 });
    await sweep();
    expect(await deliveryOf(document.id)).toMatchObject({ status: 'delivered', delivered_at: clock.now(), next_check_at: null });

    const row = await listed(admin.id, document.id, 'delivered');
    expect(row).toMatchObject({
      document_number: document.number,
      document_kind: 'invoice',
      customer_name: 'Brasserie Lambic SA',
      recipient: '0208:0477472701',
      access_point: 'e-invoice',
      status: 'delivered',
      attempts: 1,
      can_resend: false,
    });
    expect(row!.events.map((e) => e.status)).toEqual(['queued', 'sent', 'delivered']);
  });

  it('a credit note to a Belgian company is sent as a CreditNote', async () => {
    const { document, deliveryId } = await issue({ kind: 'credit_note' });
    await runSendJobs(deliveryId!);
    const delivery = await deliveryOf(document.id);
    expect(delivery.status).toBe('sent');
    expect(fake.documents.get(delivery.ap_document_id)).toMatchObject({ documentType: 'CREDIT_NOTE', invoiceId: document.number });
  });

  it.each(['consumer', 'fr_business'] as const)('a %s document is not for Peppol: no delivery, no job', async (buyer) => {
    const { document, decision } = await issue({ buyer });
    expect(decision).toBe('not_peppol');
    expect(await deliveryOf(document.id)).toBeUndefined();
  });

  it('a second call for the same document changes nothing: one delivery, one job', async () => {
    const { document, deliveryId } = await issue();
    const again = await db().transaction((trx) => queueEinvoiceDelivery(trx, jobs(), document, clock));
    expect(again).toEqual({ decision: 'unchanged', deliveryId });
    expect(await runSendJobs(deliveryId!)).toBe(1);
  });

  it('a document not rendered yet cannot be queued (no UBL to send)', async () => {
    const document = await buildIssuedDocument(db(), { unrendered: true });
    await expect(db().transaction((trx) => queueEinvoiceDelivery(trx, jobs(), document, clock))).rejects.toThrow(/has no UBL yet/);
    expect(await deliveryOf(document.id)).toBeUndefined();
  });

  it('a document the rules were not installed to check (valid: null) is sent', async () => {
    const { document, decision, deliveryId } = await issue({ validation: null });
    expect(decision).toBe('queued');
    await runSendJobs(deliveryId!);
    expect((await deliveryOf(document.id)).status).toBe('sent');
  });
});

describe('an invalid document', () => {
  it('is blocked with its errors for staff, never reaches the access point, and cannot be resent while invalid', async () => {
    const admin = await buildStaff(db(), 'admin');
    const before = fake.requests.length;
    const { document, decision, deliveryId } = await issue({ validation: INVALID });

    expect(decision).toBe('blocked');
    expect(await runSendJobs(deliveryId!)).toBe(0);
    clock.advance({ hours: 2 });
    await sweep();
    expect(fake.requests.length).toBe(before);
    expect([...fake.documents.values()].some((d) => d.invoiceId === document.number)).toBe(false);
    expect((await deliveryOf(document.id)).status).toBe('blocked');

    const row = await listed(admin.id, document.id, 'blocked');
    expect(row).toMatchObject({ status: 'blocked', attempts: 0, can_resend: false, validation_errors: INVALID.errors });
    expect(row!.events).toEqual([expect.objectContaining({ status: 'blocked', detail: expect.stringMatching(/^BR-CO-15: /) })]);

    const refused = await resend(admin.id, document.id).expect(409);
    expect(refused.body.error).toBe('einvoice_still_invalid');
    expect(fake.requests.length).toBe(before);
  });

  it('checked again when the send job runs: a queued document whose UBL was found invalid meanwhile is blocked, not sent', async () => {
    const { document, deliveryId } = await issue({ validation: null });
    await saveRendering(db(), document.id, {
      pdf: document.pdf!,
      ubl_xml: document.ubl_xml!,
      validation: INVALID,
      rendered_at: clock.now(),
    });
    await runSendJobs(deliveryId!);
    expect(await deliveryOf(document.id)).toMatchObject({ status: 'blocked', attempts: 0 });
    expect([...fake.documents.values()].some((d) => d.invoiceId === document.number)).toBe(false);
  });

  it('rendered again with a valid UBL: queued by the next queueEinvoiceDelivery, then sent', async () => {
    const { document, deliveryId } = await issue({ validation: INVALID });
    const fixed: BillingDocumentRow = await saveRendering(db(), document.id, {
      pdf: document.pdf!,
      ubl_xml: document.ubl_xml!,
      validation: VALID,
      rendered_at: clock.now(),
    });
    const again = await db().transaction((trx) => queueEinvoiceDelivery(trx, jobs(), fixed, clock));
    expect(again).toEqual({ decision: 'queued', deliveryId });
    await runSendJobs(deliveryId!);
    expect((await deliveryOf(document.id)).status).toBe('sent');
  });

  it('a blocked document valid again can be resent by staff', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { document, deliveryId } = await issue({ validation: INVALID });
    await saveRendering(db(), document.id, { pdf: document.pdf!, ubl_xml: document.ubl_xml!, validation: VALID, rendered_at: clock.now() });
    expect((await listed(admin.id, document.id))!.can_resend).toBe(true);

    const res = await resend(admin.id, document.id).expect(200);
    expect(res.body.delivery).toMatchObject({ status: 'queued', validation_errors: [] });
    await runSendJobs(deliveryId!);
    expect((await deliveryOf(document.id)).status).toBe('sent');
  });
});

describe('rejections and resend', () => {
  it('a refused recipient is rejected with its reason in the staff list; resend sends it again (accepted the second time), audited', async () => {
    const admin = await buildStaff(db(), 'admin');
    const reason = 'Receiver 0208:0888888895 is not registered on the Peppol network';
    fake.refuseRecipient('0208:0888888895', reason, 1);
    const { document, deliveryId } = await issue({ enterprise: '0888888895' });

    await runSendJobs(deliveryId!);
    expect(await deliveryOf(document.id)).toMatchObject({
      status: 'rejected',
      rejection_reason: reason,
      attempts: 1,
      next_attempt_at: null,
    });
    const row = await listed(admin.id, document.id, 'rejected');
    expect(row).toMatchObject({ status: 'rejected', rejection_reason: reason, can_resend: true });
    expect(row!.events.at(-1)).toMatchObject({ status: 'rejected', detail: reason, actor_name: null });

    const res = await resend(admin.id, document.id).expect(200);
    expect(res.body.delivery).toMatchObject({ status: 'queued', attempts: 0, rejection_reason: null, can_resend: false });
    expect(res.body.delivery.events.at(-1)).toMatchObject({ status: 'queued', actor_name: admin.full_name });
    const audit = await db()('audit_log')
      .where({ action: 'einvoice.resend_requested', entity_id: String(document.id) })
      .first();
    expect(audit).toMatchObject({ actor_id: admin.id, entity_type: 'billing_document' });
    expect(audit.before).toMatchObject({ status: 'rejected', reason });

    await runSendJobs(deliveryId!);
    expect((await deliveryOf(document.id)).status).toBe('sent');
    clock.advance({ minutes: 1 });
    await sweep();
    expect((await listed(admin.id, document.id))!.events.map((e) => e.status)).toEqual([
      'queued',
      'rejected',
      'queued',
      'sent',
      'delivered',
    ]);
  });

  it("the access point's own validation refuses: rejected with the broken rule, its verdict kept", async () => {
    const admin = await buildStaff(db(), 'admin');
    fake.invalidateNext([{ rule_id: 'PEPPOL-EN16931-R003', message: 'A buyer reference or purchase order reference MUST be provided.' }]);
    const { document, deliveryId } = await issue();
    await runSendJobs(deliveryId!);

    const row = await listed(admin.id, document.id);
    expect(row).toMatchObject({
      status: 'rejected',
      rejection_reason: expect.stringContaining('PEPPOL-EN16931-R003'),
      ap_verdict: { valid: false, issues: [{ rule: 'PEPPOL-EN16931-R003', severity: 'error' }] },
    });
  });

  it('delivery that fails after the send (state FAILED) turns sent into rejected', async () => {
    fake.deliveries('manual');
    const { document, deliveryId } = await issue();
    await runSendJobs(deliveryId!);
    const { ap_document_id } = await deliveryOf(document.id);
    clock.advance({ minutes: 1 });
    await sweep();
    expect((await deliveryOf(document.id)).status).toBe('sent');
    fake.settle(ap_document_id, 'FAILED');
    clock.advance({ minutes: 5 });
    await sweep();
    expect(await deliveryOf(document.id)).toMatchObject({ status: 'rejected', rejection_reason: expect.stringContaining('FAILED') });
  });

  it('only a rejected, failed or blocked document can be resent; an unknown one is 404', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { document } = await issue();
    expect((await resend(admin.id, document.id).expect(409)).body.error).toBe('einvoice_not_resendable');
    const consumer = await issue({ buyer: 'consumer' });
    await resend(admin.id, consumer.document.id).expect(404);
  });
});

describe('retries', () => {
  it.each([503, 429])('a %i answer: queued again with backoff, sent by the sweep once due', async (status) => {
    const { document, deliveryId } = await issue();
    fake.failNext(status);
    await runSendJobs(deliveryId!);

    const waiting = await deliveryOf(document.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringContaining(String(status)) });
    expect(waiting.next_attempt_at).toEqual(new Date(clock.now().getTime() + 60_000));
    await sweep(); // not due yet
    expect((await deliveryOf(document.id)).status).toBe('queued');

    clock.advance({ minutes: 1 });
    await sweep();
    expect(await deliveryOf(document.id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null, next_attempt_at: null });
  });

  it(`after ${MAX_SEND_ATTEMPTS} failed tries the delivery is failed, and staff can send it again`, async () => {
    const admin = await buildStaff(db(), 'admin');
    const { document, deliveryId } = await issue();
    fake.failNext(500, MAX_SEND_ATTEMPTS, /^\/api\/documents\/ubl$/);
    await runSendJobs(deliveryId!);
    for (let i = 1; i < MAX_SEND_ATTEMPTS; i++) {
      clock.advance({ hours: 12 });
      await sweep();
    }
    expect(await deliveryOf(document.id)).toMatchObject({ status: 'failed', attempts: MAX_SEND_ATTEMPTS, next_attempt_at: null });
    expect((await listed(admin.id, document.id, 'failed'))!.last_error).toMatch(/500/);

    await resend(admin.id, document.id).expect(200);
    await runSendJobs(deliveryId!);
    expect(await deliveryOf(document.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a try whose sender died (its claim ran out while sending) is taken again by the sweep', async () => {
    const { document } = await issue();
    await db()('einvoice_deliveries')
      .where({ document_id: document.id })
      .update({
        status: 'sending',
        claimed_until: new Date(clock.now().getTime() - 1000),
        claim_token: '00000000-0000-4000-8000-000000000000',
      });
    await sweep();
    expect(await deliveryOf(document.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('the sandbox access point', () => {
  it('keeps what it was given as sent, and delivers it at the first status check', async () => {
    const sandbox = createSandboxAccessPoint({ db: db() });
    const { document, deliveryId } = await issue();
    await runSendJobs(deliveryId!, sandbox);
    const sent = await deliveryOf(document.id);
    expect(sent).toMatchObject({ status: 'sent', access_point: 'sandbox' });
    expect(await db()('peppol_sandbox_documents').where({ id: sent.ap_document_id }).first()).toMatchObject({
      document_number: document.number,
      recipient_id: '0477472701',
      ubl_xml: document.ubl_xml,
    });
    clock.advance({ minutes: 1 });
    await sweep(sandbox);
    expect((await deliveryOf(document.id)).status).toBe('delivered');
  });

  it(`rejects every document for ${SANDBOX_REJECTING_RECIPIENT.scheme}:${SANDBOX_REJECTING_RECIPIENT.id}`, async () => {
    const sandbox = createSandboxAccessPoint({ db: db() });
    const { document, deliveryId } = await issue({ enterprise: SANDBOX_REJECTING_RECIPIENT.id });
    await runSendJobs(deliveryId!, sandbox);
    clock.advance({ minutes: 1 });
    await sweep(sandbox);
    expect(await deliveryOf(document.id)).toMatchObject({ status: 'rejected', rejection_reason: SANDBOX_REJECTION_REASON });
  });
});

describe('Billing access and secrets', () => {
  it('the list and resend are admin only', async () => {
    const manager = await buildStaff(db(), 'manager');
    const { document } = await issue();
    await request(app()).get('/api/admin/billing/einvoices').expect(401);
    expect(
      (await request(app()).get('/api/admin/billing/einvoices').set('Authorization', staffBearer(manager.id)).expect(403)).body.error,
    ).toBe('forbidden_role');
    await resend(manager.id, document.id).expect(403);
  });

  it('filters by status and pages 50 at a time', async () => {
    const admin = await buildStaff(db(), 'admin');
    const res = await request(app())
      .get('/api/admin/billing/einvoices')
      .query({ status: 'queued' })
      .set('Authorization', staffBearer(admin.id))
      .expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ hasMore: false, next: null });
    expect((res.body.deliveries as EinvoiceDeliveryDto[]).every((d) => d.status === 'queued')).toBe(true);
    await request(app())
      .get('/api/admin/billing/einvoices')
      .query({ status: 'lost' })
      .set('Authorization', staffBearer(admin.id))
      .expect(400);
  });

  it('the access point key never appears in the logs nor in the answers', async () => {
    const admin = await buildStaff(db(), 'admin');
    logLines.length = 0;
    const ok = await issue();
    fake.failNext(503);
    await runSendJobs(ok.deliveryId!);
    clock.advance({ minutes: 1 });
    await sweep();
    fake.refuseRecipient('0208:0100000070', 'Receiver is not registered on the Peppol network');
    const refused = await issue({ enterprise: '0100000070' });
    await runSendJobs(refused.deliveryId!);
    // A key the access point refuses is logged as refused, not printed.
    const wrongKey = createEInvoiceAccessPoint({ apiKey: `${fake.apiKey}-revoked`, apiBase: fake.baseUrl });
    const third = await issue();
    await runSendJobs(third.deliveryId!, wrongKey);

    const answers = await request(app()).get('/api/admin/billing/einvoices').set('Authorization', staffBearer(admin.id)).expect(200);
    expect(logLines.length).toBeGreaterThan(3);
    const logs = logLines.join('');
    expect(logs).toContain('e-invoice not sent, will be retried');
    expect(logs).not.toContain(fake.apiKey);
    expect(JSON.stringify(answers.body)).not.toContain(fake.apiKey);
    expect((await deliveryOf(third.document.id)).last_error).toBe('e-invoice.be upload: 401 the API key was refused');
  });
});
