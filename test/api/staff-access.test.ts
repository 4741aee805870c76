import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../server/http/errors';
import { findUserById, type UserRow } from '../../server/modules/auth/users.repo';
import { authorize, CUSTOMER_RULES, STAFF_RULES, type Action } from '../../server/policies/authorize';
import { pathOf } from '../../shared/contract/endpoint';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { registeredRoutes } from '../support/registered-routes';
import { buildStaff, STAFF_ADMIN_PASSWORD, staffBearer } from '../support/staff';

// Who reaches which back-office call (spec §6 "Staff roles", DESIGN.md §3 "Identity and trust").
// The expectations are written here from the spec, not read from shared/staff/permissions.ts, so
// a change there that widens access fails this file.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const db = () => database.db;
const app = () => createTestApp(db());

/** Everyone a staff call can come from. */
const CALLERS = ['anonymous', 'customerSession', 'customerForged', 'supportOnDuty', 'supportOffDuty', 'manager', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type StaffCaller = 'supportOnDuty' | 'supportOffDuty' | 'manager' | 'admin';

/** Spec §6: admin sees all; manager orders, tickets, users, products; support orders (on duty only) and tickets. */
const ORDERS: StaffCaller[] = ['supportOnDuty', 'manager', 'admin'];
const TICKETS: StaffCaller[] = ['supportOnDuty', 'supportOffDuty', 'manager', 'admin'];
const ADMIN_ONLY: StaffCaller[] = ['admin'];
const ANY_STAFF: StaffCaller[] = ['supportOnDuty', 'supportOffDuty', 'manager', 'admin'];
const SUPPORT_ONLY: StaffCaller[] = ['supportOnDuty', 'supportOffDuty']; // the duty switch is the agents' own
const USERS: StaffCaller[] = ['manager', 'admin']; // another account's profile is the Users category's
const PRODUCTS: StaffCaller[] = ['manager', 'admin']; // category 3 "Produits"

interface Case {
  /** What the row checks, when a route has several (own profile, another's). */
  label?: string;
  /** The path's {params} for a caller: `me` is their own id, `other` another account's. */
  params?: (me: number, other: number) => Record<string, number>;
  query?: Record<string, string>;
  body?: object;
  allowed: StaffCaller[];
  /** What an allowed caller gets: past the guards, a harmless answer (unknown ids give 404, bad bodies 400). */
  okStatus: number;
  /** The refusal for a staff caller the route is not for; orders refuse support off duty with off_duty. */
  orderArea?: boolean;
}

const UNKNOWN = 999_999;
const unknownId = () => ({ id: UNKNOWN });
const otherId = (_me: number, other: number) => ({ id: other });

/**
 * The matrix: every /api/admin route the app registers, classified by who may call it. The list
 * of routes is read from the app itself (test below): a new /api/admin route fails until it has a
 * row here.
 */
const MATRIX: Record<string, Case | Case[]> = {
  'GET /api/admin/getrole': { allowed: ANY_STAFF, okStatus: 200 },
  // Category 2 "Utilisateurs": manager and admin read; only an admin changes roles and admin passwords.
  'GET /api/admin/users': { query: { q: 'a', role: 'customer' }, allowed: USERS, okStatus: 200 },
  'GET /api/admin/users/{id}': { params: otherId, allowed: USERS, okStatus: 200 },
  'GET /api/admin/users/{id}/orders': { params: otherId, allowed: USERS, okStatus: 200 },
  'GET /api/admin/users/{id}/vps': { params: otherId, allowed: USERS, okStatus: 200 },
  'PATCH /api/admin/users/{id}/role': { params: otherId, body: {}, allowed: ADMIN_ONLY, okStatus: 400 },
  'PUT /api/admin/users/{id}/admin-password': { params: otherId, body: { password: 'short' }, allowed: ADMIN_ONLY, okStatus: 400 },
  'POST /api/admin/users/{id}/second-factor/reset': { params: unknownId, allowed: ADMIN_ONLY, okStatus: 404 },
  'POST /api/admin/support/{userId}/status': {
    params: (me) => ({ userId: me }),
    body: { isOnline: true },
    allowed: SUPPORT_ONLY,
    okStatus: 200,
  },
  'POST /api/admin/support/{userId}/end-service': { params: (me) => ({ userId: me }), allowed: SUPPORT_ONLY, okStatus: 200 },
  'GET /api/admin/orders': { allowed: ORDERS, okStatus: 200, orderArea: true },
  'POST /api/admin/orders/{id}/take': { params: unknownId, allowed: ORDERS, okStatus: 404, orderArea: true },
  'GET /api/admin/vps/available': { allowed: ORDERS, okStatus: 200, orderArea: true },
  'POST /api/admin/orders/{id}/confirm': { params: unknownId, body: { vpsId: 1 }, allowed: ORDERS, okStatus: 404, orderArea: true },
  'GET /api/admin/deliveries': { allowed: ORDERS, okStatus: 200, orderArea: true },
  'POST /api/admin/deliveries/{serviceId}/retry': {
    params: () => ({ serviceId: UNKNOWN }),
    allowed: ORDERS,
    okStatus: 404,
    orderArea: true,
  },
  'POST /api/admin/deliveries/{serviceId}/manual': {
    params: () => ({ serviceId: UNKNOWN }),
    body: { host: 'play.example', port: 25565 },
    allowed: ORDERS,
    okStatus: 404,
    orderArea: true,
  },
  'POST /api/admin/orders/{id}/mark-paid': { params: unknownId, allowed: ADMIN_ONLY, okStatus: 404 },
  'POST /api/admin/orders/{id}/cancel': { params: unknownId, allowed: ADMIN_ONLY, okStatus: 404 },
  'GET /api/admin/billing': { query: { filter: 'transfers' }, allowed: ADMIN_ONLY, okStatus: 200 },
  'GET /api/admin/billing/einvoices': { query: { status: 'rejected' }, allowed: ADMIN_ONLY, okStatus: 200 },
  'GET /api/admin/billing/auto-renewals': { allowed: ADMIN_ONLY, okStatus: 200 },
  'GET /api/admin/billing/documents': { query: { kind: 'credit_note' }, allowed: ADMIN_ONLY, okStatus: 200 },
  'GET /api/admin/billing/documents/{id}/file': { params: unknownId, allowed: ADMIN_ONLY, okStatus: 404 },
  'GET /api/admin/billing/export': { query: { from: '2026-01-01', to: '2026-01-31' }, allowed: ADMIN_ONLY, okStatus: 200 },
  'GET /api/admin/billing/payments': { query: { limit: '5' }, allowed: ADMIN_ONLY, okStatus: 200 },
  'POST /api/admin/billing/einvoices/{id}/resend': { params: unknownId, allowed: ADMIN_ONLY, okStatus: 404 },
  'POST /api/admin/orders/{id}/refund': {
    params: unknownId,
    body: { amount_cents: 100, reason: 'Geste commercial' },
    allowed: ADMIN_ONLY,
    okStatus: 404,
  },
  'POST /api/admin/create': { body: {}, allowed: ADMIN_ONLY, okStatus: 400 },
  'GET /api/admin/support-tickets': { allowed: TICKETS, okStatus: 200 },
  'POST /api/admin/support-tickets/{id}/reply': { params: unknownId, body: { message: 'Bonjour' }, allowed: TICKETS, okStatus: 404 },
  'POST /api/admin/support-tickets/{id}/close': { params: unknownId, allowed: TICKETS, okStatus: 404 },
  // Issue 17: rating comments are moderated in the Support category, by those who answer customers.
  'GET /api/admin/reviews': { allowed: TICKETS, okStatus: 200 },
  'POST /api/admin/reviews/{id}/approve': { params: unknownId, allowed: TICKETS, okStatus: 404 },
  'POST /api/admin/reviews/{id}/reject': { params: unknownId, allowed: TICKETS, okStatus: 404 },
  'GET /api/admin/user/{id}': [
    { label: 'own', params: (me) => ({ id: me }), allowed: ANY_STAFF, okStatus: 200 },
    { label: "another's", params: otherId, allowed: USERS, okStatus: 200 },
  ],
  'GET /api/admin/user/{id}/transactions': [
    { label: 'own', params: (me) => ({ id: me }), allowed: ANY_STAFF, okStatus: 200 },
    { label: "another's", params: otherId, allowed: USERS, okStatus: 200 },
  ],
  'GET /api/admin/logs': { allowed: ADMIN_ONLY, okStatus: 200 },
  'GET /api/admin/mail-failures': { allowed: ADMIN_ONLY, okStatus: 200 },
  'POST /api/admin/mail-failures/{id}/retry': { params: unknownId, allowed: ADMIN_ONLY, okStatus: 404 },
  'GET /api/admin/products': { allowed: PRODUCTS, okStatus: 200 },
  'GET /api/admin/categories': { allowed: PRODUCTS, okStatus: 200 },
  'PATCH /api/admin/products/{id}': { params: unknownId, body: { stock: 1 }, allowed: PRODUCTS, okStatus: 404 },
  // Issue 31: the game panel's lists for both product forms (the sandbox panel's here).
  'GET /api/admin/game-panel/catalogue': { allowed: PRODUCTS, okStatus: 200 },
};

/** The /api/admin routes not on the staff token: the admin password check is made with the login session (tested below). */
const SESSION_ROUTES = ['POST /api/admin/verify-admin-password'];

const routeKey = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

/** One row of it.each per case: [name, method, path template, case]. */
const ROWS = Object.entries(MATRIX).flatMap(([key, cases]) =>
  (Array.isArray(cases) ? cases : [cases]).map((c) => {
    const [method, path] = key.split(' ') as [string, string];
    return [c.label ? `${key} (${c.label})` : key, method.toLowerCase() as 'get' | 'post' | 'patch' | 'put', path, c] as const;
  }),
);

/** Fresh callers for each route, so a call that changes duty (end-service) does not leak into the next. */
async function buildCallers(): Promise<Record<Caller, { id: number; authorization?: string }> & { other: number }> {
  const customer = await buildAccount(db(), { email_verified_at: new Date() });
  const [onDuty, offDuty, manager, admin] = [
    await buildStaff(db(), 'support', { online: true }),
    await buildStaff(db(), 'support', { online: false }),
    await buildStaff(db(), 'manager'),
    await buildStaff(db(), 'admin'),
  ];
  const other = await buildAccount(db(), { full_name: 'Autre Client' });
  return {
    other: other.id,
    anonymous: { id: customer.id },
    customerSession: { id: customer.id, authorization: bearer(customer.id) },
    customerForged: { id: customer.id, authorization: staffBearer(customer.id) },
    supportOnDuty: { id: onDuty.id, authorization: staffBearer(onDuty.id) },
    supportOffDuty: { id: offDuty.id, authorization: staffBearer(offDuty.id) },
    manager: { id: manager.id, authorization: staffBearer(manager.id) },
    admin: { id: admin.id, authorization: staffBearer(admin.id) },
  };
}

/** What `caller` must get from `route`: [status, error code or null when let through]. */
function expected(route: Case, caller: Caller): [number, string | null] {
  if (caller === 'anonymous' || caller === 'customerSession') return [401, 'staff_token_required'];
  if (caller === 'customerForged') return [403, 'forbidden_role'];
  if (route.allowed.includes(caller)) return [route.okStatus, null];
  if (route.orderArea && caller === 'supportOffDuty') return [403, 'off_duty'];
  return [403, 'forbidden_role'];
}

describe('the role matrix (spec §6)', () => {
  it('classifies every /api/admin route the app registers, and only those', () => {
    const registered = registeredRoutes(app())
      .filter((r) => r.path.startsWith('/api/admin/'))
      .map(routeKey);
    expect(registered.sort()).toEqual([...Object.keys(MATRIX), ...SESSION_ROUTES].sort());
  });

  it.each(ROWS)('%s', async (_name, method, template, route) => {
    const callers = await buildCallers();
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const caller of CALLERS) {
      const { id, authorization } = callers[caller];
      let call = request(app())[method](pathOf({ path: template as `/api/${string}` }, route.params?.(id, callers.other)));
      if (route.query) call = call.query(route.query);
      if (authorization) call = call.set('Authorization', authorization);
      const res = await (method === 'get' ? call : call.send(route.body ?? {}));
      const [status, error] = expected(route, caller);
      answers.push(`${caller}: ${res.status} ${status < 400 || error === null ? '' : res.body.error}`.trim());
      wanted.push(`${caller}: ${status} ${error ?? ''}`.trim());
    }
    expect(answers).toEqual(wanted);
  });

  it('lets through an allowed caller with the right data (not only the right status)', async () => {
    const callers = await buildCallers();
    const role = await request(app()).get('/api/admin/getrole').set('Authorization', callers.supportOffDuty.authorization!).expect(200);
    expect(role.body).toEqual({ role: 'support', is_online: false });
    const orders = await request(app()).get('/api/admin/orders').set('Authorization', callers.manager.authorization!).expect(200);
    expect(orders.body).toMatchObject({ orders: expect.any(Array), limit: 50, next: null });
  });
});

describe('POST /api/admin/verify-admin-password', () => {
  const verify = (authorization: string | undefined, body: object) => {
    const call = request(app()).post('/api/admin/verify-admin-password');
    return (authorization ? call.set('Authorization', authorization) : call).send(body);
  };

  it('gives a staff token for the right admin password; the token opens the staff calls', async () => {
    const manager = await buildStaff(db(), 'manager');
    const res = await verify(bearer(manager.id), { userId: manager.id, admin_password: STAFF_ADMIN_PASSWORD }).expect(200);
    expect(res.body).toMatchObject({ success: true, adminToken: expect.any(String) });
    const role = await request(app())
      .get('/api/admin/getrole')
      .query({ userId: manager.id })
      .set('Authorization', `Bearer ${res.body.adminToken}`)
      .expect(200);
    expect(role.body).toEqual({ role: 'manager', is_online: false });
  });

  it("refuses a wrong password with 'Mot de passe incorrect', and a customer exactly the same way", async () => {
    const admin = await buildStaff(db(), 'admin');
    const wrong = await verify(bearer(admin.id), { admin_password: 'not-the-password' }).expect(401);
    expect(wrong.body).toEqual({ error: 'wrong_admin_password', message: 'Mot de passe incorrect' });
    // The login password is not the admin password.
    await verify(bearer(admin.id), { admin_password: admin.password }).expect(401);

    const customer = await buildAccount(db(), { email_verified_at: new Date() });
    for (const password of [STAFF_ADMIN_PASSWORD, customer.password, 'anything']) {
      const res = await verify(bearer(customer.id), { admin_password: password }).expect(401);
      expect(res.body).toEqual(wrong.body);
    }
  });

  it('needs a session, a non-empty password and the caller’s own userId', async () => {
    const support = await buildStaff(db(), 'support');
    const other = await buildStaff(db(), 'admin');
    expect((await verify(undefined, { admin_password: STAFF_ADMIN_PASSWORD }).expect(401)).body.error).toBe('unauthorized');
    // A staff token is not a session: the check is made with the login session.
    await verify(staffBearer(support.id), { admin_password: STAFF_ADMIN_PASSWORD }).expect(401);
    expect((await verify(bearer(support.id), { admin_password: '' }).expect(400)).body.fields).toHaveProperty('admin_password');
    const foreign = await verify(bearer(support.id), { userId: other.id, admin_password: STAFF_ADMIN_PASSWORD }).expect(403);
    expect(foreign.body.error).toBe('forbidden');
  });
});

describe('identity from the token only', () => {
  it('refuses a userId that is not the caller on every call that takes one', async () => {
    const agent = await buildStaff(db(), 'support');
    const other = await buildStaff(db(), 'support');
    const auth = staffBearer(agent.id);
    const refusals = [
      request(app()).get('/api/admin/getrole').query({ userId: other.id }).set('Authorization', auth),
      request(app()).get('/api/admin/orders').query({ userId: other.id }).set('Authorization', auth),
      request(app()).get('/api/admin/vps/available').query({ userId: other.id }).set('Authorization', auth),
      request(app()).post('/api/admin/orders/1/take').set('Authorization', auth).send({ userId: other.id }),
      request(app()).post('/api/admin/orders/1/confirm').set('Authorization', auth).send({ userId: other.id, vpsId: 1 }),
      request(app()).post(`/api/admin/support/${other.id}/status`).set('Authorization', auth).send({ isOnline: false }),
      request(app()).post(`/api/admin/support/${other.id}/end-service`).set('Authorization', auth).send(),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('forbidden');
    }
    expect((await db()('users').where({ id: other.id }).first()).is_online).toBe(true);

    const admin = await buildStaff(db(), 'admin');
    const order = (
      await db()('orders')
        .insert({ user_id: agent.id, status: 'unpaid', subtotal_cents: 100, tax_rate: 21, tax_cents: 21, total_cents: 121 })
        .returning('id')
    )[0].id;
    for (const action of ['mark-paid', 'cancel']) {
      const res = await request(app())
        .post(`/api/admin/orders/${order}/${action}`)
        .set('Authorization', staffBearer(admin.id))
        .send({ userId: agent.id });
      expect([res.status, res.body.error]).toEqual([403, 'forbidden']);
    }
    expect((await db()('orders').where({ id: order }).first()).status).toBe('unpaid');
  });

  it('a demotion takes effect on the very next call with the same staff token', async () => {
    const manager = await buildStaff(db(), 'manager');
    const token = staffBearer(manager.id);
    await request(app()).get('/api/admin/orders').set('Authorization', token).expect(200);
    await db()('users').where({ id: manager.id }).update({ role: 'customer' });
    for (const path of ['/api/admin/orders', '/api/admin/getrole', '/api/admin/vps/available']) {
      expect((await request(app()).get(path).set('Authorization', token).expect(403)).body.error).toBe('forbidden_role');
    }
    // And a manager made support, off duty, loses the orders at once too.
    await db()('users').where({ id: manager.id }).update({ role: 'support', is_online: false });
    expect((await request(app()).get('/api/admin/orders').set('Authorization', token).expect(403)).body.error).toBe('off_duty');
    await db()('users').where({ id: manager.id }).update({ is_online: true });
    await request(app()).get('/api/admin/orders').set('Authorization', token).expect(200);
  });

  it('a deleted account is refused, and a session token never opens a staff call', async () => {
    const admin = await buildStaff(db(), 'admin');
    expect((await request(app()).get('/api/admin/orders').set('Authorization', bearer(admin.id)).expect(401)).body.error).toBe(
      'staff_token_required',
    );
    const gone = await buildStaff(db(), 'admin');
    const token = staffBearer(gone.id);
    await db()('audit_log').where({ actor_id: gone.id }).delete();
    await db()('users').where({ id: gone.id }).delete();
    expect((await request(app()).get('/api/admin/getrole').set('Authorization', token).expect(401)).body.error).toBe(
      'staff_token_required',
    );
  });
});

/** Who a rule is asked about: a customer, and each staff role (support on and off duty). */
const RULE_CALLERS = ['customer', 'supportOnDuty', 'supportOffDuty', 'manager', 'admin'] as const;
type RuleCaller = (typeof RULE_CALLERS)[number];
const EVERYONE: RuleCaller[] = ['customer', ...ANY_STAFF];
const NOBODY: RuleCaller[] = [];

interface RuleCase {
  /** What the row checks, when a rule has several (own thing, another's). */
  label?: string;
  /** The thing the caller acts on: `me` is the caller, `other` another customer. */
  subject?: (me: UserRow, other: UserRow) => unknown;
  allowed: RuleCaller[];
  /** The refusal everyone else gets: [status, error code]. */
  refused: [number, string];
}

const ROLE: [number, string] = [403, 'forbidden_role'];
/** A customer's thing asked for by someone else reads as missing: 404, never a 403 that confirms it. */
const MISSING: [number, string] = [404, 'not_found'];
const own = (refused: [number, string], anotherAllowed: RuleCaller[] = NOBODY): RuleCase[] => [
  { label: 'own', subject: (me) => ({ user_id: me.id }), allowed: EVERYONE, refused },
  { label: "another customer's", subject: (_me, other) => ({ user_id: other.id }), allowed: anotherAllowed, refused },
];

/**
 * Every rule in server/policies, by who it lets through, written from the spec (§6 "Staff roles",
 * the same table as MATRIX above), not read from the rules: a rule added without a row here, or a
 * rule that widens access, fails this file.
 */
const RULE_MATRIX: Record<Action, RuleCase | RuleCase[]> = {
  // The back-office: staff only; the admin password check refuses a customer like a wrong password.
  'backOffice.open': { allowed: ANY_STAFF, refused: [401, 'wrong_admin_password'] },
  'backOffice.use': { allowed: ANY_STAFF, refused: ROLE },
  // The dashboard's categories (spec §6); support works on orders only on duty.
  'area.orders': { allowed: ANY_STAFF, refused: ROLE },
  'orders.work': { allowed: ORDERS, refused: [403, 'off_duty'] },
  'area.tickets': { allowed: TICKETS, refused: ROLE },
  'area.users': { allowed: USERS, refused: ROLE },
  'area.products': { allowed: PRODUCTS, refused: ROLE },
  'area.billing': { allowed: ADMIN_ONLY, refused: ROLE },
  'area.logs': { allowed: ADMIN_ONLY, refused: ROLE },
  'area.createProduct': { allowed: ADMIN_ONLY, refused: ROLE },
  // Users: only an admin hands out roles and admin passwords, never their own role, only to staff.
  'user.handOutRoles': { allowed: ADMIN_ONLY, refused: ROLE },
  'user.setAdminPassword': { allowed: ADMIN_ONLY, refused: ROLE },
  'user.changeRoleOf': [
    { label: 'own', subject: (me) => me.id, allowed: NOBODY, refused: [409, 'cannot_change_own_role'] },
    { label: "another's", subject: (_me, other) => other.id, allowed: EVERYONE, refused: [409, 'cannot_change_own_role'] },
  ],
  'user.holdAdminPassword': [
    { label: 'a customer account', subject: () => ({ role: 'customer' }), allowed: NOBODY, refused: [409, 'not_staff'] },
    { label: 'a support account', subject: () => ({ role: 'support' }), allowed: EVERYONE, refused: [409, 'not_staff'] },
  ],
  // 'Assigner VPS': an order nobody took or the caller took, never one another agent took.
  'order.confirm': [
    { label: 'taken by nobody', subject: () => ({ support_id: null }), allowed: EVERYONE, refused: [403, 'order_not_yours'] },
    { label: 'taken by the caller', subject: (me) => ({ support_id: me.id }), allowed: EVERYONE, refused: [403, 'order_not_yours'] },
    { label: 'taken by another', subject: (_me, other) => ({ support_id: other.id }), allowed: NOBODY, refused: [403, 'order_not_yours'] },
  ],
  // The profile page: one's own; another's with the Users category.
  'profile.read': [
    { label: 'own', subject: (me) => me.id, allowed: EVERYONE, refused: ROLE },
    { label: "another's", subject: (_me, other) => other.id, allowed: USERS, refused: ROLE },
  ],
  // The duty switch: support agents, their own only.
  'duty.switch': [
    { label: 'own', subject: (me) => me.id, allowed: EVERYONE, refused: [403, 'forbidden'] },
    { label: "another's", subject: (_me, other) => other.id, allowed: NOBODY, refused: [403, 'forbidden'] },
  ],
  'duty.take': { allowed: SUPPORT_ONLY, refused: ROLE },
  // Identity from the token only: a userId sent along is the caller's own or left out.
  'account.actFor': [
    { label: 'left out', subject: () => undefined, allowed: EVERYONE, refused: [403, 'forbidden'] },
    { label: 'own', subject: (me) => me.id, allowed: EVERYONE, refused: [403, 'forbidden'] },
    { label: "another's", subject: (_me, other) => other.id, allowed: NOBODY, refused: [403, 'forbidden'] },
  ],
  // A customer's own things; staff read any customer's invoice (support answers billing questions).
  'order.read': own(MISSING),
  'order.pay': own(MISSING),
  'order.cancel': own(MISSING),
  'invoice.readAny': { allowed: ANY_STAFF, refused: MISSING },
  'invoice.read': own(MISSING, ANY_STAFF),
  'creditNote.read': own(MISSING),
  'vps.act': own(MISSING),
  'vps.setAutoRenew': own(MISSING),
  'service.read': own([404, 'service_not_found']),
  'service.cancel': own([404, 'service_not_found']),
  'service.manage': own([404, 'service_not_found']),
  'paymentMethod.manage': own(MISSING),
  'paymentSetup.finish': own(MISSING),
};

const RULE_ROWS = Object.entries(RULE_MATRIX).flatMap(([action, cases]) =>
  (Array.isArray(cases) ? cases : [cases]).map((c) => [c.label ? `${action} (${c.label})` : action, action as Action, c] as const),
);

/** authorize() over any action: the rows hold subjects of every rule's type. */
const authorizeAny = authorize as (user: UserRow, action: Action, subject?: unknown) => void;

describe('the policy rules (server/policies), by role', () => {
  let callers: Record<RuleCaller, UserRow>;
  let other: UserRow;
  const row = async (id: number) => (await findUserById(db(), id))!;
  beforeAll(async () => {
    callers = {
      customer: await row((await buildAccount(db(), { email_verified_at: new Date() })).id),
      supportOnDuty: await row((await buildStaff(db(), 'support', { online: true })).id),
      supportOffDuty: await row((await buildStaff(db(), 'support', { online: false })).id),
      manager: await row((await buildStaff(db(), 'manager')).id),
      admin: await row((await buildStaff(db(), 'admin')).id),
    };
    other = await row((await buildAccount(db(), { full_name: 'Autre Client' })).id);
  });

  it('has a row for every rule there is, and only those', () => {
    expect(Object.keys(RULE_MATRIX).sort()).toEqual(Object.keys({ ...STAFF_RULES, ...CUSTOMER_RULES }).sort());
  });

  it.each(RULE_ROWS)('%s', (_name, action, rule) => {
    const answers = RULE_CALLERS.map((caller) => {
      const user = callers[caller];
      try {
        authorizeAny(user, action, rule.subject?.(user, other));
        return `${caller}: allowed`;
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        return `${caller}: ${err.status} ${err.code}`;
      }
    });
    const wanted = RULE_CALLERS.map((caller) => `${caller}: ${rule.allowed.includes(caller) ? 'allowed' : rule.refused.join(' ')}`);
    expect(answers).toEqual(wanted);
  });
});
