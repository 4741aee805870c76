// Mollie's Payments API, faked with nock: the Mollie client only speaks HTTPS with its own CA
// bundle, so no local server can stand in for it. Give the adapter `apiBase` and `apiKey`.
// No test-runner imports: the unit tests and the API suite both use it (same process as the app).
//   POST /v2/payments      -> a payment `open`, with `_links.checkout.href` (Bearer test_… key)
//   GET  /v2/payments/:id  -> the payment as it is now; 404 with Mollie's error JSON when unknown
// Mollie's webhook carries only `id=tr_…`: a test posts that form to the app itself, after
// `setStatus()`, and the adapter fetches the payment back from here.
//
// Other HTTP traffic: while a Mollie fake runs, nock lets requests through only to local hosts
// (127.0.0.1, localhost, ::1: supertest, the other fakes), and refuses the rest, so no test can reach
// the real internet by accident. stop() removes its interceptors and allows all traffic again
// (nock's own default).
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import nock from 'nock';

export type MolliePaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

/** A payment as Mollie's API returns it (the fields the shop reads, and a few more). */
export interface MollieFakePayment {
  resource: 'payment';
  id: string;
  mode: 'test';
  createdAt: string;
  status: MolliePaymentStatus;
  isCancelable: boolean;
  amount: { currency: string; value: string };
  description: string;
  method: string | null;
  metadata: unknown;
  profileId: string;
  sequenceType: 'oneoff';
  redirectUrl: string | null;
  cancelUrl?: string;
  webhookUrl?: string;
  expiresAt?: string;
  paidAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  failedAt?: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface MollieFakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface MollieFake {
  /** https://api.mollie.test/v2/: give it to the adapter as `apiBase` (MOLLIE_API_BASE). */
  apiBase: string;
  /** The only key accepted (a `test_…` key, as Mollie's test mode). */
  apiKey: string;
  /** Every payment created, by id: the create call's JSON body, and the payment now. */
  readonly payments: Map<string, { request: Record<string, unknown>; payment: MollieFakePayment }>;
  /** Every request received, in order. */
  readonly requests: MollieFakeRequest[];
  /** The customer (or time) moved the payment on: sets the status and its timestamp, as Mollie does. */
  setStatus(id: string, status: MolliePaymentStatus): MollieFakePayment;
  /**
   * While on, Mollie fails every call: `'http'` answers 503 with Mollie's error JSON (and
   * `Retry-After: 0`, so the client's three attempts do not wait 2 s each); `'network'` drops the
   * connection.
   */
  down(on: boolean, how?: 'http' | 'network'): void;
  /** Removes the interceptors and lets all HTTP traffic through again. */
  stop(): void;
}

/** Hosts nock lets through while the fake runs (`host` is `name:port`). */
const LOCAL_HOST = /^(127\.0\.0\.1|localhost|\[?::1\]?)(:\d+)?$/;
/** Mollie refuses webhook URLs it cannot reach (422 on webhookUrl); so does the fake. */
const UNREACHABLE_WEBHOOK = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Mollie ids: a prefix and 10 letters or digits. */
const mollieId = (prefix: string) => `${prefix}_${[...randomBytes(10)].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')}`;

export function startMollieFake(): MollieFake {
  const apiBase = 'https://api.mollie.test/v2/';
  const { origin, pathname: basePath } = new URL(apiBase);
  const apiKey = `test_${randomBytes(15).toString('hex')}`;
  const payments: MollieFake['payments'] = new Map();
  const requests: MollieFakeRequest[] = [];
  let failure: 'http' | 'network' | null = null;

  type Reply = [status: number, body: nock.Body, headers: Record<string, string>];
  const problem = (status: number, title: string, detail: string, field?: string): Reply => [
    status,
    {
      status,
      title,
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
    },
    { 'Content-Type': 'application/hal+json' },
  ];

  /** What every call goes through first: the log, the outage switch, the key. */
  function gate(method: string, path: string, headers: IncomingHttpHeaders, body: unknown): Reply | null {
    requests.push({ method, path, headers, body });
    if (failure === 'network') throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    if (failure === 'http') {
      const [status, json] = problem(503, 'Service Unavailable', 'The service is temporarily unavailable.');
      return [status, json, { 'Content-Type': 'application/hal+json', 'Retry-After': '0' }];
    }
    if (headers.authorization !== `Bearer ${apiKey}`) {
      return problem(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    }
    return null;
  }

  function create(body: Record<string, unknown>): Reply {
    const amount = body.amount as { currency?: string; value?: string } | undefined;
    if (!amount?.currency || !/^\d+\.\d{2}$/.test(amount.value ?? '')) {
      return problem(422, 'Unprocessable Entity', 'The amount is invalid', 'amount.value');
    }
    if (typeof body.description !== 'string' || body.description === '') {
      return problem(422, 'Unprocessable Entity', 'The description is invalid', 'description');
    }
    if (typeof body.webhookUrl === 'string' && UNREACHABLE_WEBHOOK.test(body.webhookUrl)) {
      const detail = "The webhook URL is invalid because it is unreachable from Mollie's point of view.";
      return problem(422, 'Unprocessable Entity', detail, 'webhookUrl');
    }
    const id = mollieId('tr');
    const created = new Date();
    const payment: MollieFakePayment = {
      resource: 'payment',
      id,
      mode: 'test',
      createdAt: created.toISOString(),
      status: 'open',
      isCancelable: false,
      amount: { currency: amount.currency, value: amount.value as string },
      description: body.description,
      method: null,
      metadata: body.metadata ?? null,
      profileId: 'pfl_QkEhN94Ba',
      sequenceType: 'oneoff',
      redirectUrl: typeof body.redirectUrl === 'string' ? body.redirectUrl : null,
      ...(typeof body.cancelUrl === 'string' ? { cancelUrl: body.cancelUrl } : {}),
      ...(typeof body.webhookUrl === 'string' ? { webhookUrl: body.webhookUrl } : {}),
      expiresAt: new Date(created.getTime() + 15 * 60_000).toISOString(),
      _links: {
        self: { href: `${apiBase}payments/${id}`, type: 'application/hal+json' },
        checkout: { href: `https://www.mollie.com/checkout/select-method/${id.slice(3)}`, type: 'text/html' },
        dashboard: { href: `https://www.mollie.com/dashboard/payments/${id}`, type: 'text/html' },
      },
    };
    payments.set(id, { request: body, payment });
    return [201, payment as unknown as nock.Body, { 'Content-Type': 'application/hal+json' }];
  }

  function get(id: string): Reply {
    const found = payments.get(id);
    if (!found) return problem(404, 'Not Found', `No payment exists with token ${id}.`);
    return [200, found.payment as unknown as nock.Body, { 'Content-Type': 'application/hal+json' }];
  }

  /** nock hands JSON bodies over parsed, anything else as text. */
  const parse = (body: unknown): Record<string, unknown> => {
    if (typeof body !== 'string') return (body ?? {}) as Record<string, unknown>;
    return body ? (JSON.parse(body) as Record<string, unknown>) : {};
  };

  const scope = nock(origin).persist();
  const createInterceptor = scope.post(`${basePath}payments`);
  createInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string, body: nock.Body) {
    return gate('POST', uri, this.req.headers, body) ?? create(parse(body));
  });
  const getPath = new RegExp(`^${basePath}payments/([^/?]+)$`);
  const getInterceptor = scope.get(getPath);
  getInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string) {
    return gate('GET', uri, this.req.headers, null) ?? get(decodeURIComponent(getPath.exec(uri)?.[1] ?? ''));
  });
  nock.enableNetConnect((host) => LOCAL_HOST.test(host));

  return {
    apiBase,
    apiKey,
    payments,
    requests,
    setStatus(id, status) {
      const found = payments.get(id);
      if (!found) throw new Error(`Mollie fake: no payment ${id}`);
      const { payment } = found;
      const at = new Date().toISOString();
      payment.status = status;
      payment.isCancelable = status === 'open' || status === 'pending';
      if (status === 'paid') payment.paidAt = at;
      if (status === 'canceled') payment.canceledAt = at;
      if (status === 'expired') payment.expiredAt = at;
      if (status === 'failed') payment.failedAt = at;
      if (status !== 'open') {
        payment.method ??= 'ideal';
        delete payment._links.checkout; // only an open payment can still be paid
        delete payment.expiresAt;
      }
      return payment;
    },
    down(on, how = 'http') {
      failure = on ? how : null;
    },
    stop() {
      nock.removeInterceptor(createInterceptor);
      nock.removeInterceptor(getInterceptor);
      nock.enableNetConnect();
    },
  };
}
