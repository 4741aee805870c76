import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, type Access, type Endpoint } from '../../shared/contract/endpoint';
import { API_CONTRACT } from '../../shared/contract/index';
import { idParams } from '../../shared/schemas/ids';
import { errorHandler } from '../../server/http/errors';
import { requestLogger } from '../../server/http/request-logger';
import { route, SENT } from '../../server/http/route';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, testLogger } from '../support/app';
import {
  badIdProbes,
  dateFields,
  impossibleDateProbes,
  nestedBodyProbe,
  nulBodyProbes,
  nulQueryProbes,
  type Probe,
} from '../support/contract-sweep';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { countNothingStores } from '../support/rate-limits';
import { buildStaff, staffBearer } from '../support/staff';

// Bad input, swept over the whole contract: a path id no int4 row can have is a 4xx (never a 500
// from Postgres), a NUL byte in any body or query field is a 400 (Postgres text cannot hold
// it), a body nested 3,000 deep is never a 5xx, and an impossible day in any date field a 400.
// The cases come from API_CONTRACT, so an endpoint added there is swept without a new test.
//
// Each call carries the credentials its `access` asks for, so it reaches validation instead of
// stopping at 401/403. The app's rate limiters count nothing here (countNothingStores): the sweep
// calls /auth/login or /auth/register many times, and a 429 would hide what validation answers.
// The credentials are signed as the admin password check and the login sign them (test/support).

let database: TestDatabase;
let app: express.Express;
const tokens: Partial<Record<Access, string>> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database.db, {
    rateLimitStores: countNothingStores,
    // Discord login on (keys that reach nothing), so its calls answer validation, not "disabled".
    config: { discord: { clientId: 'sweep', clientSecret: 'sweep', apiBase: 'http://127.0.0.1:9' } },
  });
  const customer = await buildAccount(database.db, { email_verified_at: new Date() });
  const admin = await buildStaff(database.db, 'admin');
  tokens.session = bearer(customer.id);
  tokens['optional-session'] = bearer(customer.id);
  tokens.staff = staffBearer(admin.id);
});
afterAll(() => database.destroy());

const nameOf = (declared: Endpoint) => `${declared.method.toUpperCase()} ${declared.path}`;
/** One named case per endpoint: `["POST /api/…", declaration]`. */
const casesOf = <E extends Endpoint>(endpoints: readonly E[]) => endpoints.map((declared) => [nameOf(declared), declared] as const);

interface Outcome {
  probe: string;
  status: number;
  error: unknown;
  /** The fields a 400 names. */
  fields: string[];
}

async function send(target: express.Express, declared: Endpoint, probe: Probe, token?: string): Promise<Outcome> {
  let call = request(target)[declared.method](probe.path);
  if (token) call = call.set('Authorization', token);
  if (probe.query) call = call.query(probe.query);
  if (probe.body) call = call.send(probe.body);
  if (probe.rawBody) call = call.set('Content-Type', 'application/json').send(probe.rawBody);
  const res = await call;
  const answer = res.body as { error?: unknown; fields?: Record<string, unknown> } | undefined;
  return { probe: probe.label, status: res.status, error: answer?.error, fields: Object.keys(answer?.fields ?? {}) };
}

const sweep = (declared: Endpoint, probes: Probe[], target = app) =>
  Promise.all(probes.map((probe) => send(target, declared, probe, tokens[declared.access])));

const withIds = API_CONTRACT.filter((declared) => badIdProbes(declared).length > 0);
// Webhooks (access 'provider') read the provider's signed raw body before the JSON parser: there
// is no JSON body to put a NUL byte in, and what they refuse is the signature's business.
const withBody = API_CONTRACT.filter((d): d is Endpoint & { body: z.ZodType } => d.body !== undefined && d.access !== 'provider');
const withQuery = API_CONTRACT.filter((d): d is Endpoint & { query: z.ZodType } => d.query !== undefined);
const withDates = API_CONTRACT.filter((d) => [d.query, d.body].some((schema) => schema && dateFields(schema).length > 0));

describe('every path id outside 1..2147483647 is a 4xx', () => {
  it.each(casesOf(withIds))('%s', async (_name, declared) => {
    const outcomes = await sweep(declared, badIdProbes(declared));
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status < 400 || o.status >= 500)).toEqual([]);
  });
});

describe.skipIf(withBody.length === 0)('a NUL byte in any body field is a 400', () => {
  it.each(casesOf(withBody))('%s', async (_name, declared) => {
    const outcomes = await sweep(declared, nulBodyProbes(declared));
    expect(outcomes.filter((o) => o.status !== 400)).toEqual([]);
  });
});

describe.skipIf(withQuery.length === 0)('a NUL byte in any query field is a 400', () => {
  it.each(casesOf(withQuery))('%s', async (_name, declared) => {
    const outcomes = await sweep(declared, nulQueryProbes(declared));
    expect(outcomes.filter((o) => o.status !== 400)).toEqual([]);
  });
});

// A body of arrays nested 3,000 deep (48 kB) once overflowed the stack of the code walking it: a
// 500 on every JSON route. Sent to every operation, webhooks included (their raw body is parsed
// by the adapters): never a 5xx; and a 400 from every operation that reads a JSON body.
describe('a JSON body nested 3,000 deep is never a 5xx', () => {
  it.each(casesOf(API_CONTRACT))('%s', async (_name, declared) => {
    const [outcome] = await sweep(declared, [nestedBodyProbe(declared)]);
    expect(outcome!.status).toBeLessThan(500);
  });
});

describe.skipIf(withBody.length === 0)('a JSON body nested 3,000 deep is a 400 wherever a body is read', () => {
  it.each(casesOf(withBody))('%s', async (_name, declared) => {
    const [outcome] = await sweep(declared, [nestedBodyProbe(declared)]);
    expect(outcome).toMatchObject({ status: 400, error: 'validation_error', fields: ['_'] });
  });
});

// Days that do not exist (2026-02-31, 0000-00-00) or that the shop cannot handle (2999-12-31) gave
// 500s from Postgres' ::date and the export's zip: each date-typed field is a 400 naming it.
describe.skipIf(withDates.length === 0)('an impossible date in any date field is a 400 naming it', () => {
  it.each(casesOf(withDates))('%s', async (_name, declared) => {
    const probes = impossibleDateProbes(declared);
    const outcomes = await sweep(declared, probes);
    expect(outcomes.length).toBeGreaterThan(0);
    const refusedWithField = outcomes.map((o, i) => ({ probe: o.probe, ok: o.status === 400 && o.fields.includes(probes[i]!.field) }));
    expect(refusedWithField.filter((o) => !o.ok)).toEqual([]);
  });
});

// The sweep is only worth something if its probes reach validation and it sees a 500 when there
// is one: checked on two endpoints made for it, one sound and one whose id reaches the handler.
describe('the sweep itself', () => {
  const sound = endpoint({
    method: 'post',
    path: '/api/probe/{id}/{kind}',
    summary: 'sound',
    tag: 'probe',
    access: 'public',
    params: idParams.extend({ kind: z.enum(['small', 'large']) }),
    query: z.object({ q: z.string().optional(), page: z.coerce.number().optional() }),
    body: z.discriminatedUnion('type', [
      z.object({ type: z.literal('a'), name: z.string() }),
      z.object({ type: z.literal('b'), count: z.number() }),
    ]),
  });
  const careless = endpoint({
    method: 'get',
    path: '/api/careless/{orderId}',
    summary: 'careless',
    tag: 'probe',
    access: 'public',
    params: z.object({ orderId: z.coerce.number() }),
  });
  const probeApp = express();
  probeApp.use(requestLogger(probeApp, testLogger()));
  const router = express.Router();
  router.use(express.json());
  route(router, sound, ({ res }) => {
    res.json({ reached: true });
    return SENT;
  });
  route(router, careless, ({ params }) => {
    if (params.orderId > 2_147_483_647 || !Number.isInteger(params.orderId)) throw new Error('integer out of range');
    throw Object.assign(new Error('no such order'), { status: 404 });
  });
  probeApp.use('/api', router);
  probeApp.use(errorHandler);

  it('fills every other param with a valid value and sends each bad id, each NUL field', async () => {
    expect(badIdProbes(sound).map((p) => p.path)).toContain('/api/probe/2147483648/small');
    expect(nulBodyProbes(sound).map((p) => p.label)).toEqual(['body count', 'body name', 'body type', 'body count+name+type']);
    expect(nulQueryProbes(sound).map((p) => p.label)).toEqual(['query page', 'query q', 'query page+q']);
    const outcomes = await sweep(sound, [...badIdProbes(sound), ...nulBodyProbes(sound), ...nulQueryProbes(sound)], probeApp);
    expect(new Set(outcomes.map((o) => `${o.status} ${String(o.error)}`))).toEqual(new Set(['404 not_found', '400 validation_error']));
  });

  it('finds date-typed fields, days and instants, and sends the nested body as JSON 3,000 deep', async () => {
    const dated = z.object({ from: z.iso.date(), at: z.iso.datetime(), either: z.union([z.iso.date(), z.iso.datetime()]), q: z.string() });
    expect(dateFields(dated)).toEqual([
      { name: 'at', dayOnly: false },
      { name: 'either', dayOnly: true },
      { name: 'from', dayOnly: true },
    ]);
    expect(impossibleDateProbes({ ...sound, query: dated }).map((p) => p.label)).toContain('query at=2026-02-31T00:00:00Z');
    const nested = nestedBodyProbe(sound);
    expect(nested.rawBody!.length).toBeGreaterThan(6000);
    const [outcome] = await sweep(sound, [nested], probeApp);
    expect(outcome).toMatchObject({ status: 400, error: 'validation_error', fields: ['_'] });
  });

  it('sees the 500 of an id that reaches the handler unchecked', async () => {
    const outcomes = await sweep(careless, badIdProbes(careless), probeApp);
    expect(outcomes.filter((o) => o.status >= 500).map((o) => o.probe)).toEqual(['orderId=2147483648', 'orderId=99999999999999999999']);
  });
});
