import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEInvoiceFake, type EInvoiceFake } from '../../../test/fakes/e-invoice';
import { ublFixture } from '../../../test/support/ubl-fixture';
import { createEInvoiceAccessPoint } from './e-invoice';
import { AccessPointError, type AccessPoint, type AccessPointSendInput } from './types';

// The e-invoice.be adapter, its real SDK against the local fake: upload, validation, send, status.

let fake: EInvoiceFake;
let accessPoint: AccessPoint;
let counter = 0;

const BUYER = { scheme: '0208', id: '0123456749' };

const input = (overrides: Partial<AccessPointSendInput> = {}): AccessPointSendInput => {
  counter += 1;
  const documentNumber = overrides.documentNumber ?? `2026-${String(counter).padStart(6, '0')}`;
  return {
    documentNumber,
    kind: 'invoice',
    ublXml: ublFixture({ number: documentNumber, kind: overrides.kind ?? 'invoice', buyer: overrides.recipient ?? BUYER }),
    recipient: BUYER,
    ...overrides,
  };
};

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to throw');
}

beforeAll(async () => {
  fake = await startEInvoiceFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.deliveries('auto');
  accessPoint = createEInvoiceAccessPoint({ apiKey: fake.apiKey, apiBase: fake.baseUrl });
});

describe('e-invoice.be adapter: send', () => {
  it('uploads the UBL, has it validated, sends it to the recipient: sent, with the access point id and verdict', async () => {
    const document = input();
    const result = await accessPoint.send(document);

    expect(result).toEqual({ status: 'sent', apDocumentId: expect.stringMatching(/^doc_/), verdict: { valid: true, issues: [] } });
    const stored = fake.documents.get(result.apDocumentId!)!;
    expect(stored).toMatchObject({
      documentType: 'INVOICE',
      invoiceId: document.documentNumber,
      fileName: `${document.documentNumber}.xml`,
      ubl: document.ublXml,
      state: 'TRANSIT',
      receiver: BUYER,
    });
    const calls = fake.requests.slice(-3);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/documents/ubl',
      `POST /api/documents/${result.apDocumentId}/validate`,
      `POST /api/documents/${result.apDocumentId}/send`,
    ]);
    expect(calls[2]!.query).toEqual({ receiver_peppol_scheme: '0208', receiver_peppol_id: '0123456749' });
    expect(calls.every((r) => r.headers.authorization === `Bearer ${fake.apiKey}`)).toBe(true);
  });

  it('sends a credit note as a CreditNote document', async () => {
    const result = await accessPoint.send(input({ kind: 'credit_note', documentNumber: 'NC-2026-000001' }));
    expect(result.status).toBe('sent');
    expect(fake.documents.get(result.apDocumentId!)).toMatchObject({ documentType: 'CREDIT_NOTE', invoiceId: 'NC-2026-000001' });
  });

  it('a recipient the access point refuses: rejected with its reason, nothing in transit', async () => {
    const refused = { scheme: '0208', id: '0888888895' };
    fake.refuseRecipient('0208:0888888895', 'Receiver 0208:0888888895 is not registered on the Peppol network');
    const result = await accessPoint.send(input({ recipient: refused }));

    expect(result).toMatchObject({
      status: 'rejected',
      apDocumentId: expect.stringMatching(/^doc_/),
      reason: 'Receiver 0208:0888888895 is not registered on the Peppol network',
    });
    expect(fake.documents.get(result.apDocumentId!)!.state).toBe('DRAFT');
  });

  it('its own validation refuses: rejected with the broken rules, the verdict kept, never sent', async () => {
    fake.invalidateNext([
      { rule_id: 'PEPPOL-COMMON-R043', message: 'Belgian enterprise number MUST be stated in the correct format.' },
      { rule_id: 'BR-CL-10', message: 'A warning only', type: 'warning' },
    ]);
    const result = await accessPoint.send(input());

    expect(result).toEqual({
      status: 'rejected',
      apDocumentId: expect.stringMatching(/^doc_/),
      reason:
        'e-invoice.be validation refused the document: PEPPOL-COMMON-R043: Belgian enterprise number MUST be stated in the correct format.',
      verdict: {
        valid: false,
        issues: [
          { rule: 'PEPPOL-COMMON-R043', message: 'Belgian enterprise number MUST be stated in the correct format.', severity: 'error' },
          { rule: 'BR-CL-10', message: 'A warning only', severity: 'warning' },
        ],
      },
    });
    expect(fake.requests.at(-1)!.path).toMatch(/\/validate$/);
  });

  it('something that is not UBL is refused at the upload: rejected without an access point id', async () => {
    const result = await accessPoint.send(input({ ublXml: '<html>not an invoice</html>' }));
    expect(result).toEqual({ status: 'rejected', apDocumentId: null, reason: 'The file is not a UBL Invoice or CreditNote' });
  });

  it.each([500, 503, 429])('a %i answer throws AccessPointError (try again later), without retrying by itself', async (status) => {
    const before = fake.requests.length;
    fake.failNext(status);
    const err = await caught(accessPoint.send(input()));

    expect(err).toBeInstanceOf(AccessPointError);
    expect((err as AccessPointError).httpStatus).toBe(status);
    expect(fake.requests.length - before).toBe(1);
  });

  it('a 5xx at the send step, after the upload, throws too: the draft stays unsent', async () => {
    fake.failNext(503, 1, /\/send$/);
    const err = await caught(accessPoint.send(input()));

    expect(err).toBeInstanceOf(AccessPointError);
    expect((err as Error).message).toBe('e-invoice.be send: 503 Internal Server Error');
    expect(fake.requests.at(-1)).toMatchObject({ path: expect.stringMatching(/\/send$/), status: 503 });
    expect(fake.documents.get(fake.requests.at(-1)!.path.split('/')[3]!)!.state).toBe('DRAFT');
  });

  it('a refused key throws AccessPointError whose message does not hold the key', async () => {
    const wrong = createEInvoiceAccessPoint({ apiKey: 'einv_wrong_key_0123456789', apiBase: fake.baseUrl });
    const err = await caught(wrong.send(input()));

    expect(err).toBeInstanceOf(AccessPointError);
    expect((err as Error).message).toBe('e-invoice.be upload: 401 the API key was refused');
    expect(JSON.stringify(err)).not.toContain('einv_wrong_key');
  });

  it('an access point that does not answer throws AccessPointError', async () => {
    const closed = await startEInvoiceFake();
    await closed.close();
    const gone = createEInvoiceAccessPoint({ apiKey: closed.apiKey, apiBase: closed.baseUrl });
    await expect(gone.send(input())).rejects.toBeInstanceOf(AccessPointError);
  });
});

describe('e-invoice.be adapter: status', () => {
  it('TRANSIT reads as sent, SENT as delivered, FAILED as rejected', async () => {
    fake.deliveries('manual');
    const sent = await accessPoint.send(input());
    const id = sent.apDocumentId!;
    expect(await accessPoint.status(id)).toEqual({ status: 'sent' });
    fake.settle(id, 'SENT');
    expect(await accessPoint.status(id)).toEqual({ status: 'delivered' });

    const other = (await accessPoint.send(input())).apDocumentId!;
    fake.settle(other, 'FAILED');
    expect(await accessPoint.status(other)).toEqual({
      status: 'rejected',
      reason: 'e-invoice.be could not deliver the document to the recipient (state FAILED)',
    });
  });

  it('an unknown document or a 5xx throws AccessPointError: ask again later', async () => {
    await expect(accessPoint.status('doc_unknown')).rejects.toBeInstanceOf(AccessPointError);
    const id = (await accessPoint.send(input())).apDocumentId!;
    fake.failNext(502);
    await expect(accessPoint.status(id)).rejects.toBeInstanceOf(AccessPointError);
  });
});
