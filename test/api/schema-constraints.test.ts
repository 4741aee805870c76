import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildProduct, buildUser } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';

// The database itself refuses what must never be stored, whatever a future bug in the code does.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function buildOrder(overrides: Record<string, unknown> = {}) {
  const user = await buildUser(database.db);
  return database
    .db('orders')
    .insert({ user_id: user.id, subtotal_cents: 1000, tax_rate: 21, tax_cents: 210, total_cents: 1210, ...overrides })
    .returning('*');
}

describe('database constraints', () => {
  it('has the default category Autre', async () => {
    expect(await database.db('categories').where({ name: 'Autre' }).first()).toBeDefined();
  });

  it('refuses a second account with the same e-mail in another case', async () => {
    await buildUser(database.db, { email: 'Camille@Example.test' });
    await expect(buildUser(database.db, { email: 'camille@example.TEST' })).rejects.toThrow(/users_email_lower_unique/);
  });

  it('refuses an unknown role, a negative wallet and a business without company or VAT', async () => {
    await expect(buildUser(database.db, { role: 'superuser' })).rejects.toThrow(/users_role_check/);
    await expect(buildUser(database.db, { wallet_cents: -1 })).rejects.toThrow(/users_wallet_non_negative/);
    await expect(buildUser(database.db, { user_type: 'business', company_name: 'ACME' })).rejects.toThrow(/users_business_identity/);
  });

  it('keeps one rating per user, from 1 to 5', async () => {
    const user = await buildUser(database.db);
    await database.db('ratings').insert({ user_id: user.id, rating: 5 });
    await expect(database.db('ratings').insert({ user_id: user.id, rating: 4 })).rejects.toThrow(/unique/);
    const other = await buildUser(database.db);
    await expect(database.db('ratings').insert({ user_id: other.id, rating: 6 })).rejects.toThrow(/ratings_rating_range/);
  });

  it('refuses negative stock, a zero price and a duplicate slug', async () => {
    const category = await buildCategory(database.db);
    await expect(buildProduct(database.db, { category_id: category.id, stock: -1 })).rejects.toThrow(/products_stock_non_negative/);
    await expect(buildProduct(database.db, { category_id: category.id, price_cents: 0 })).rejects.toThrow(/products_price_positive/);
    const product = await buildProduct(database.db, { category_id: category.id });
    await expect(buildProduct(database.db, { category_id: category.id, slug: product.slug })).rejects.toThrow(/unique/);
  });

  it('accepts only the five order statuses and totals that add up', async () => {
    const [order] = await buildOrder();
    expect(order.status).toBe('unpaid');
    await expect(buildOrder({ status: 'shipped' })).rejects.toThrow(/orders_status_check/);
    await expect(buildOrder({ total_cents: 999 })).rejects.toThrow(/orders_total_sum/);
    await expect(buildOrder({ subtotal_cents: -10, tax_cents: 0, total_cents: -10 })).rejects.toThrow(/orders_money_non_negative/);
  });

  it('records a provider payment id once (webhook replays are harmless)', async () => {
    const [order] = await buildOrder();
    const payment = {
      order_id: order.id,
      provider: 'stripe',
      provider_payment_id: 'cs_test_1',
      event_type: 'checkout.session.completed',
      status: 'succeeded',
      amount_cents: 1210,
      currency: 'EUR',
    };
    await database.db('payments').insert(payment);
    await expect(database.db('payments').insert(payment)).rejects.toThrow(/unique/);
  });

  it('never gives one VPS to two services, nor an assigned VPS to no order', async () => {
    const [first] = await buildOrder();
    const [second] = await buildOrder();
    const vps = {
      ip: '203.0.113.10',
      os: 'Debian 12',
      os_family: 'linux',
      plan: 'VPS Value',
      region: 'GRA',
      ram_gb: 4,
      cores: 2,
      storage_gb: 80,
      traffic: 'Illimité',
      login: 'root',
    };
    const [machine] = await database
      .db('vps')
      .insert({ ...vps, service_name: 'vps-a', state: 'assigned', order_id: first.id })
      .returning('id');
    // An order of two VPS owns two machines (issue 31); a machine serves one service only.
    await database.db('vps').insert({ ...vps, service_name: 'vps-b', state: 'assigned', order_id: first.id });
    const service = {
      user_id: first.user_id,
      order_id: first.id,
      kind: 'vps',
      delivery: 'inventory',
      status: 'active',
      vps_id: machine.id,
    };
    await database.db('services').insert({ ...service, unit: 1 });
    await expect(database.db('services').insert({ ...service, order_id: second.id, user_id: second.user_id, unit: 1 })).rejects.toThrow(
      /unique/,
    );
    await expect(database.db('vps').insert({ ...vps, service_name: 'vps-c', state: 'assigned' })).rejects.toThrow(/vps_assigned_has_order/);
    await database.db('vps').insert({ ...vps, service_name: 'vps-d', state: 'assigned', order_id: second.id });
  });

  it('removes a user’s one-time tokens with the account and stores each hash once', async () => {
    const user = await buildUser(database.db);
    const token = { user_id: user.id, purpose: 'reset_password', token_hash: 'h1', expires_at: new Date() };
    await database.db('one_time_tokens').insert(token);
    await expect(database.db('one_time_tokens').insert(token)).rejects.toThrow(/unique/);
    await database.db('users').where({ id: user.id }).delete();
    expect(await database.db('one_time_tokens').where({ token_hash: 'h1' })).toHaveLength(0);
  });
});
