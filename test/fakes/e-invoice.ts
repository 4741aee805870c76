// A local server speaking e-invoice.be's REST wire format (the calls of e-invoice-api 1.24 the
// Peppol adapter makes), for the real SDK pointed at it with `baseURL` (E_INVOICE_API_BASE). No
// test-runner imports: the unit tests and the API suite both start it.
//   POST /api/documents/ubl                 multipart `file` (UBL Invoice/CreditNote) -> DocumentResponse, state DRAFT
//   POST /api/documents/:id/validate        -> UblDocumentValidation {id, file_name, is_valid, issues[]}
//   POST /api/documents/:id/send?receiver_peppol_scheme=&receiver_peppol_id= -> DocumentResponse, state TRANSIT
//   GET  /api/documents/:id                 -> DocumentResponse as it is now (TRANSIT, SENT, FAILED)
// Every call needs `Authorization: Bearer <apiKey>` (401 otherwise). Errors are FastAPI's JSON,
// `{ "detail": "..." }` (422 validation errors: `{ "detail": [{ loc, msg, type }] }`).
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type EInvoiceFakeState = 'DRAFT' | 'TRANSIT' | 'FAILED' | 'SENT' | 'RECEIVED';

/** A document as the fake keeps it: what was uploaded, where it was sent, where it stands. */
export interface EInvoiceFakeDocument {
  id: string;
  documentType: 'INVOICE' | 'CREDIT_NOTE';
  /** cbc:ID of the UBL. */
  invoiceId: string | null;
  fileName: string;
  ubl: string;
  state: EInvoiceFakeState;
  receiver: { scheme: string; id: string } | null;
  createdAt: string;
}

export interface EInvoiceFakeIssue {
  message: string;
  rule_id?: string | null;
  type?: 'error' | 'warning';
  schematron?: string;
}

export interface EInvoiceFakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** What the fake answered. */
  status: number;
}

export interface EInvoiceFake {
  /** e.g. http://127.0.0.1:40123: the SDK's `baseURL` (E_INVOICE_API_BASE). */
  baseUrl: string;
  /** The only key it accepts (E_INVOICE_API_KEY). */
  apiKey: string;
  /** Every document uploaded, by its id. */
  readonly documents: Map<string, EInvoiceFakeDocument>;
  /** Every request received, in order, with the status answered. */
  readonly requests: EInvoiceFakeRequest[];
  /**
   * The next `count` calls answer `status` (500/502/503 "Internal Server Error", 429 with
   * Retry-After): any call, or only those whose path matches `path` (/\/send$/).
   */
  failNext(status: number, count?: number, path?: RegExp): void;
  /**
   * Sends to this participant ('0208:0123456749') answer 422 with `reason` as `detail`, `times`
   * times (every time by default); the sends after that are accepted.
   */
  refuseRecipient(participant: string, reason: string, times?: number): void;
  /** The next validation answers `is_valid: false` with these issues. */
  invalidateNext(issues: EInvoiceFakeIssue[]): void;
  /**
   * 'auto' (default): a document in TRANSIT is SENT (delivered) at its first status read after the
   * send. 'manual': it stays TRANSIT until settle().
   */
  deliveries(mode: 'auto' | 'manual'): void;
  /** Ends a sent document's delivery: SENT (delivered) or FAILED. */
  settle(id: string, state: 'SENT' | 'FAILED'): void;
  close(): Promise<void>;
}

const UBL_ROOT =
  /<(?:\w+:)?(Invoice|CreditNote)\b[^>]*xmlns(?::\w+)?="urn:oasis:names:specification:ubl:schema:xsd:(?:Invoice|CreditNote)-2"/;
const UBL_ID = /<cbc:ID>([^<]+)<\/cbc:ID>/;
const CUSTOMER_ENDPOINT = /<cac:AccountingCustomerParty>[\s\S]*?<cbc:EndpointID schemeID="([^"]+)">([^<]+)<\/cbc:EndpointID>/;

export async function startEInvoiceFake(options: { apiKey?: string } = {}): Promise<EInvoiceFake> {
  const apiKey = options.apiKey ?? `einv_test_${randomBytes(18).toString('hex')}`;
  const documents: EInvoiceFake['documents'] = new Map();
  const requests: EInvoiceFakeRequest[] = [];
  const failures: { status: number; path?: RegExp }[] = [];
  const refusals = new Map<string, { reason: string; left: number }>();
  let nextIssues: EInvoiceFakeIssue[] | null = null;
  let mode: 'auto' | 'manual' = 'auto';

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'x-request-id': randomUUID(), ...headers });
    res.end(JSON.stringify(body));
  };

  /** A DocumentResponse (e-invoice-api's type): the fields the fake knows, the others as the API leaves them empty. */
  const documentJson = (doc: EInvoiceFakeDocument) => ({
    id: doc.id,
    direction: 'OUTBOUND',
    document_type: doc.documentType,
    state: doc.state,
    invoice_id: doc.invoiceId,
    currency: 'EUR',
    attachments: [],
    items: [],
    allowances: [],
    charges: [],
    payment_details: [],
    tax_details: [],
  });

  async function upload(req: IncomingMessage, body: Buffer, res: ServerResponse) {
    let file: File | null;
    try {
      const form = await new Request('http://fake.local/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData();
      const part = form.get('file');
      file = part instanceof File ? part : null;
    } catch {
      file = null;
    }
    if (!file) return json(res, 422, { detail: [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }] });
    const ubl = await file.text();
    const root = UBL_ROOT.exec(ubl);
    if (!root) return json(res, 400, { detail: 'The file is not a UBL Invoice or CreditNote' });
    const doc: EInvoiceFakeDocument = {
      id: `doc_${randomBytes(8).toString('hex')}`,
      documentType: root[1] === 'CreditNote' ? 'CREDIT_NOTE' : 'INVOICE',
      invoiceId: UBL_ID.exec(ubl)?.[1] ?? null,
      fileName: file.name,
      ubl,
      state: 'DRAFT',
      receiver: null,
      createdAt: new Date().toISOString(),
    };
    documents.set(doc.id, doc);
    json(res, 200, documentJson(doc));
  }

  function validate(doc: EInvoiceFakeDocument, res: ServerResponse) {
    const issues = nextIssues ?? [];
    nextIssues = null;
    const full = issues.map((issue) => ({
      message: issue.message,
      rule_id: issue.rule_id ?? null,
      type: issue.type ?? 'error',
      schematron: issue.schematron ?? 'PEPPOL-EN16931-UBL',
      flag: issue.type === 'warning' ? 'warning' : 'fatal',
      location: null,
      test: null,
    }));
    json(res, 200, { id: doc.id, file_name: doc.fileName, is_valid: !full.some((i) => i.type === 'error'), issues: full });
  }

  function send(doc: EInvoiceFakeDocument, query: Record<string, string>, res: ServerResponse) {
    if (doc.state !== 'DRAFT') return json(res, 400, { detail: `Document ${doc.id} is not a draft (state ${doc.state})` });
    const fromUbl = CUSTOMER_ENDPOINT.exec(doc.ubl);
    const scheme = query.receiver_peppol_scheme ?? fromUbl?.[1];
    const id = query.receiver_peppol_id ?? fromUbl?.[2];
    if (!scheme || !id) return json(res, 422, { detail: 'No receiver Peppol ID given nor found in the document' });
    const refusal = refusals.get(`${scheme}:${id}`);
    if (refusal && refusal.left > 0) {
      refusal.left -= 1;
      return json(res, 422, { detail: refusal.reason });
    }
    doc.receiver = { scheme, id };
    doc.state = 'TRANSIT';
    json(res, 200, documentJson(doc));
  }

  function retrieve(doc: EInvoiceFakeDocument, res: ServerResponse) {
    if (mode === 'auto' && doc.state === 'TRANSIT') doc.state = 'SENT'; // delivered by the time anyone asks
    json(res, 200, documentJson(doc));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      const query = Object.fromEntries(url.searchParams.entries());
      const entry: EInvoiceFakeRequest = { method: req.method ?? 'GET', path: url.pathname, query, headers: req.headers, status: 0 };
      requests.push(entry);
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
      res.writeHead = ((status: number, ...rest: unknown[]) => {
        entry.status = status;
        return writeHead(status, ...rest);
      }) as ServerResponse['writeHead'];

      if (req.headers.authorization !== `Bearer ${apiKey}`) return json(res, 401, { detail: 'Invalid or missing API key' });
      const failing = failures.findIndex((f) => !f.path || f.path.test(url.pathname));
      if (failing >= 0) {
        const [failure] = failures.splice(failing, 1);
        if (failure!.status === 429) return json(res, 429, { detail: 'Rate limit exceeded' }, { 'Retry-After': '1' });
        return json(res, failure!.status, { detail: 'Internal Server Error' });
      }

      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && url.pathname === '/api/documents/ubl') return void upload(req, body, res);
      const match = /^\/api\/documents\/([^/]+)(\/validate|\/send)?$/.exec(url.pathname);
      const doc = match ? documents.get(decodeURIComponent(match[1]!)) : undefined;
      if (match && !doc) return json(res, 404, { detail: 'Document not found' });
      if (doc && req.method === 'POST' && match?.[2] === '/validate') return validate(doc, res);
      if (doc && req.method === 'POST' && match?.[2] === '/send') return send(doc, query, res);
      if (doc && req.method === 'GET' && !match?.[2]) return retrieve(doc, res);
      json(res, 404, { detail: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    documents,
    requests,
    failNext(status, count = 1, path) {
      for (let i = 0; i < count; i++) failures.push({ status, path });
    },
    refuseRecipient(participant, reason, times = Number.POSITIVE_INFINITY) {
      refusals.set(participant, { reason, left: times });
    },
    invalidateNext(issues) {
      nextIssues = issues;
    },
    deliveries(next) {
      mode = next;
    },
    settle(id, state) {
      const doc = documents.get(id);
      if (!doc) throw new Error(`e-invoice fake: no document ${id}`);
      doc.state = state;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
