import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMollieFake, type MollieFake } from '../fakes/mollie';
import { startStripeFake, type StripeFake } from '../fakes/stripe';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buildUnpaidRenewal } from '../support/builders';
import { buyer, countRows } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Issue 21 with issue 19: deleting an account (GDPR) detaches every saved method at its provider
// (Stripe: detach the payment method; Mollie: revoke the mandate; sandbox: nothing) and removes the
// rows. A provider that cannot be reached refuses the deletion: nothing of the account is erased.

let database: TestDatabase;
let stripe: StripeFake;
let mollie: MollieFake;
beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startStripeFake();
  mollie = startMollieFake();
});
afterAll(async () => {
  mollie.stop();
  await stripe.close();
  await database.destroy();
});

const db = () => database.db;
const app = () =>
  createTestApp(db(), {
    config: {
      stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase },
      mollie: { apiKey: mollie.apiKey, apiBase: mollie.apiBase },
    },
  });
const remove = (userId: number) =>
  request(app())
    .post('/api/account/deletion')
    .set('Authorization', bearer(userId))
    .send({ currentPassword: 'Known-pass-1', confirm: true });

const detachCalls = (cardId: string) =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_methods/${cardId}/detach`).length;
const revokeCalls = (mandateId: string) =>
  mollie.requests.filter((r) => r.method === 'DELETE' && r.path.endsWith(`/mandates/${mandateId}`)).length;

/** A Stripe card, a Mollie mandate (saved through the real flows against the fakes) and a sandbox card. */
async function customerWithMethods() {
  const user = await buyer(db());
  const start = (provider: 'stripe' | 'mollie') =>
    request(app()).post('/api/payment-methods/setups').set('Authorization', bearer(user.id)).send({ provider }).expect(201);
  const finish = (setupId: string) =>
    request(app()).post(`/api/payment-methods/setups/${setupId}/finish`).set('Authorization', bearer(user.id)).expect(200);

  const stripeSetup = await start('stripe');
  const card = stripe.completeSetup([...stripe.sessions.keys()].at(-1)!);
  expect((await finish(stripeSetup.body.setup_id)).body.status).toBe('saved');
  const mollieSetup = await start('mollie');
  const mandate = mollie.payFirst([...mollie.payments.keys()].at(-1)!);
  expect((await finish(mollieSetup.body.setup_id)).body.status).toBe('saved');
  await db()('payment_methods').insert({
    user_id: user.id,
    provider: 'sandbox',
    kind: 'card',
    provider_method_id: `sandbox_${user.id}`,
    brand: 'visa',
    last4: '4242',
    exp_month: 12,
    exp_year: 2030,
    sandbox_outcome: 'succeeds',
  });
  // A setup the customer left at the provider: it must not store a method on the erased account.
  await start('stripe');
  return { user, card, mandate };
}

describe('POST /api/account/deletion with saved payment methods', () => {
  it('detaches the Stripe card and revokes the Mollie mandate once each, then removes every method', async () => {
    const { user, card, mandate } = await customerWithMethods();
    expect(await countRows(db(), 'payment_methods', { user_id: user.id })).toBe(3);

    await remove(user.id).expect(200);

    expect(detachCalls(card.id)).toBe(1);
    expect(stripe.paymentMethods.get(card.id)!.customer).toBeNull();
    expect(revokeCalls(mandate.id)).toBe(1);
    expect(mollie.mandates.has(mandate.id)).toBe(false);
    expect(await countRows(db(), 'payment_methods', { user_id: user.id })).toBe(0);
    expect(await countRows(db(), 'payment_method_setups', { user_id: user.id, status: 'open' })).toBe(0);
    const row = await db()('users').where({ id: user.id }).first();
    expect(row.deleted_at).toBeInstanceOf(Date);
    const audit = await db()('audit_log')
      .where({ action: 'user.delete', entity_id: String(user.id) })
      .first();
    expect(audit.after).toMatchObject({ paymentMethodsDetached: 3 });
  });

  it('Stripe down: 502 payment_methods_not_detached, the account and the Stripe card are kept; a retry finishes', async () => {
    const { user, card, mandate } = await customerWithMethods();
    stripe.down(true);
    let refused;
    try {
      refused = await remove(user.id).expect(502);
    } finally {
      stripe.down(false);
    }
    expect(refused.body.error).toBe('payment_methods_not_detached');
    const kept = await db()('users').where({ id: user.id }).first();
    expect(kept).toMatchObject({ deleted_at: null, email: user.email });
    // Only the card still chargeable at Stripe stays; the revoked mandate and the sandbox card are gone.
    expect(await db()('payment_methods').where({ user_id: user.id }).pluck('provider_method_id')).toEqual([card.id]);
    expect(stripe.paymentMethods.get(card.id)!.customer).not.toBeNull();
    expect(revokeCalls(mandate.id)).toBe(1);
    expect(await countRows(db(), 'audit_log', { action: 'user.delete', entity_id: String(user.id) })).toBe(0);

    await remove(user.id).expect(200);
    expect(stripe.paymentMethods.get(card.id)!.customer).toBeNull();
    expect(revokeCalls(mandate.id)).toBe(1);
    expect(await countRows(db(), 'payment_methods', { user_id: user.id })).toBe(0);
    expect((await db()('users').where({ id: user.id }).first()).deleted_at).toBeInstanceOf(Date);
  });

  it('a deletion refused for an unpaid renewal calls no provider and keeps every method', async () => {
    const { user, card, mandate } = await customerWithMethods();
    await buildUnpaidRenewal(db(), user.id);
    expect((await remove(user.id).expect(409)).body.blockers).toContain('open_order');
    expect(detachCalls(card.id)).toBe(0);
    expect(revokeCalls(mandate.id)).toBe(0);
    expect(await countRows(db(), 'payment_methods', { user_id: user.id })).toBe(3);
  });

  it('removes any number of saved methods with queries whose bind parameters do not grow with them', async () => {
    const user = await buyer(db());
    await db()('payment_methods').insert(
      Array.from({ length: 60 }, (_, i) => ({
        user_id: user.id,
        provider: 'sandbox',
        kind: 'card',
        provider_method_id: `sandbox_many_${user.id}_${i}`,
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
        sandbox_outcome: 'succeeds',
        is_default: i === 0,
      })),
    );
    const bindings: number[] = [];
    const record = (query: { bindings?: unknown[] }) => bindings.push(query.bindings?.length ?? 0);
    db().on('query', record);
    try {
      await remove(user.id).expect(200);
    } finally {
      db().off('query', record);
    }
    expect(await countRows(db(), 'payment_methods', { user_id: user.id })).toBe(0);
    expect(bindings.length).toBeGreaterThan(0);
    expect(Math.max(...bindings)).toBeLessThan(20);
  });
});
