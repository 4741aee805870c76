import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOvhFake, type OvhFake } from '../../../test/fakes/ovh';
import { createOvhAdapter } from './ovh';
import { createOvhCaller } from './ovh-client';
import { createOvhOrdering } from './ovh-order';
import { OvhCartAlreadyCheckedOut, OvhPriceAboveLimit, type VpsOrderRequest, type VpsOrdering } from './ordering-types';
import { CloudProviderError } from './types';

// The real `ovh` package ordering a VPS from the nock fake: the cart, the price guard, a retry
// that finds its cart again, the order followed until OVH names the machine. Time is the fake's
// clock, a variable the tests move: nobody waits for a delivery.

const DELIVERY_MS = 5 * 60_000;
let clock = new Date('2026-11-29T10:00:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let fake: OvhFake;
let ordering: VpsOrdering;
let references = 0;

const keys = () => ({ endpoint: fake.endpoint, appKey: fake.appKey, appSecret: fake.appSecret, consumerKey: fake.consumerKey });

/** An order for a service of its own (a reference no other test uses). */
function request(overrides: Partial<VpsOrderRequest> = {}): VpsOrderRequest {
  references += 1;
  return {
    reference: `service-${references}`,
    planCode: 'vps-essential-2-4-80',
    datacenter: 'GRA',
    os: 'Ubuntu 24.04',
    durationMonths: 1,
    maxPriceCents: 1500,
    ...overrides,
  };
}

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to throw');
}

/**
 * The signed calls made since `from` (not the client's first /auth/time), as `METHOD path` with the
 * cart's and item's ids left out, and their bodies.
 */
function callsSince(from: number) {
  return fake.requests
    .slice(from)
    .filter((r) => r.signatureValid !== null)
    .map((r) => ({
      call: `${r.method} ${r.path
        .replace(/^\/1\.0/, '')
        .replace(/\/cart\/[0-9a-f-]{36}/, '/cart/{cart}')
        .replace(/\/item\/\d+/, '/item/{item}')}`,
      body: r.body === '' ? null : (JSON.parse(r.body) as unknown),
      signed: r.signatureValid,
    }));
}

const cartsOf = (reference: string) => [...fake.carts.values()].filter((cart) => cart.description === reference);
const ordersOf = (reference: string) =>
  [...fake.orders.values()].filter((order) => cartsOf(reference).some((c) => c.cartId === order.cartId));

beforeAll(() => {
  fake = startOvhFake({ clock: { now: () => clock }, deliveryDelayMs: DELIVERY_MS });
  ordering = createOvhOrdering({ ...keys(), subsidiary: 'FR' });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.down(false);
  fake.setDefaultPaymentMethod(true);
  fake.setPlanPrice('vps-essential-2-4-80', 1199);
});

describe('OVH ordering: placing an order', () => {
  it('builds the cart, checks the price, checks out paid with the default payment method', async () => {
    const order = request({ durationMonths: 3, maxPriceCents: 4000 });
    const from = fake.requests.length;

    const placed = await ordering.placeOrder(order);

    expect(placed).toEqual({ orderId: expect.any(Number) as number, priceCents: 3 * 1199 });
    expect(callsSince(from)).toEqual(
      [
        { call: `GET /order/cart?description=${order.reference}`, body: null },
        { call: 'POST /order/cart', body: { ovhSubsidiary: 'FR', description: order.reference } },
        { call: 'POST /order/cart/{cart}/assign', body: null },
        {
          call: 'POST /order/cart/{cart}/vps',
          body: { planCode: 'vps-essential-2-4-80', duration: 'P3M', pricingMode: 'default', quantity: 1 },
        },
        { call: 'POST /order/cart/{cart}/item/{item}/configuration', body: { label: 'vps_datacenter', value: 'GRA' } },
        { call: 'POST /order/cart/{cart}/item/{item}/configuration', body: { label: 'vps_os', value: 'Ubuntu 24.04' } },
        { call: 'GET /order/cart/{cart}/checkout', body: null },
        { call: 'POST /order/cart/{cart}/checkout', body: { autoPayWithPreferredPaymentMethod: true } },
      ].map((call) => ({ ...call, signed: true })),
    );
    const [cart] = cartsOf(order.reference);
    expect(cart).toMatchObject({ readOnly: true, assigned: true, ovhSubsidiary: 'FR' });
    expect(fake.orders.get(placed.orderId)).toMatchObject({
      cartId: cart!.cartId,
      paid: true,
      planCode: 'vps-essential-2-4-80',
      datacenter: 'GRA',
      os: 'Ubuntu 24.04',
      months: 3,
      priceCents: 3 * 1199,
    });
  });

  it('a price above the cost limit: OvhPriceAboveLimit, and nothing checked out', async () => {
    fake.setPlanPrice('vps-essential-2-4-80', 1501); // OVH raised its price
    const order = request({ maxPriceCents: 1500 });
    const from = fake.requests.length;

    const err = await caught(ordering.placeOrder(order));

    expect(err).toBeInstanceOf(OvhPriceAboveLimit);
    expect(err).toMatchObject({ priceCents: 1501, maxPriceCents: 1500 });
    expect(callsSince(from).filter((c) => c.call === 'POST /order/cart/{cart}/checkout')).toEqual([]);
    expect(ordersOf(order.reference)).toEqual([]);
    expect(cartsOf(order.reference).map((cart) => cart.readOnly)).toEqual([false]);
  });

  it('the price exactly at the limit is bought', async () => {
    expect((await ordering.placeOrder(request({ maxPriceCents: 1199 }))).priceCents).toBe(1199);
  });

  it('a retry with the same reference finds its cart: the same cart, one VPS in it, one order', async () => {
    const order = request({ maxPriceCents: 1100 });
    await expect(ordering.placeOrder(order)).rejects.toBeInstanceOf(OvhPriceAboveLimit);
    const [cart] = cartsOf(order.reference);

    const from = fake.requests.length;
    const placed = await ordering.placeOrder({ ...order, maxPriceCents: 1200 }); // staff raised the limit

    expect(callsSince(from).filter((c) => c.call === 'POST /order/cart')).toEqual([]);
    expect(cartsOf(order.reference)).toHaveLength(1);
    expect(fake.orders.get(placed.orderId)?.cartId).toBe(cart!.cartId);
    // The earlier attempt's item was taken out: the order holds one VPS.
    expect(cart!.items).toHaveLength(1);
    expect(ordersOf(order.reference)).toHaveLength(1);
  });

  it('a retry once the cart was checked out buys nothing more: OvhCartAlreadyCheckedOut', async () => {
    const order = request();
    await ordering.placeOrder(order);
    const from = fake.requests.length;

    const err = await caught(ordering.placeOrder(order));

    expect(err).toBeInstanceOf(OvhCartAlreadyCheckedOut);
    expect(err).toMatchObject({ reference: order.reference, cartId: cartsOf(order.reference)[0]!.cartId });
    expect(callsSince(from).map((c) => c.call.split(' ')[0])).toEqual(['GET', 'GET']); // the list, the cart
    expect(ordersOf(order.reference)).toHaveLength(1);
  });

  it('a cart that expired is gone at OVH: the retry makes a new one', async () => {
    const order = request({ maxPriceCents: 100 });
    await expect(ordering.placeOrder(order)).rejects.toBeInstanceOf(OvhPriceAboveLimit);
    const [expired] = cartsOf(order.reference);
    fake.expireCart(expired!.cartId);

    const placed = await ordering.placeOrder({ ...order, maxPriceCents: 1500 });

    const fresh = cartsOf(order.reference).find((cart) => cart.cartId !== expired!.cartId);
    expect(fake.orders.get(placed.orderId)?.cartId).toBe(fresh!.cartId);
  });

  it('no default payment method: OVH refuses the checkout, nothing is bought, and the retry buys once it is set', async () => {
    fake.setDefaultPaymentMethod(false);
    const order = request();

    const err = await caught(ordering.placeOrder(order));

    expect(err).toBeInstanceOf(CloudProviderError);
    expect(err.message).toMatch(
      /^POST \/order\/cart\/[0-9a-f-]+\/checkout: OVH answered \(400: You do not have preferred payment method\)$/,
    );
    expect(ordersOf(order.reference)).toEqual([]);
    fake.setDefaultPaymentMethod(true);
    const placed = await ordering.placeOrder(order);
    expect(ordersOf(order.reference).map((o) => o.orderId)).toEqual([placed.orderId]);
  });

  it('a plan OVH does not sell: a CloudProviderError with its words, no keys in it', async () => {
    const err = await caught(ordering.placeOrder(request({ planCode: 'vps-nothing-9-9-9' })));
    expect(err).toBeInstanceOf(CloudProviderError);
    expect(err.message).toContain('OVH answered (400: Plan code not found: vps-nothing-9-9-9)');
    for (const secret of [fake.appSecret, fake.consumerKey]) expect(err.message).not.toContain(secret);
  });

  it('OVH down: a CloudProviderError, and no order', async () => {
    const order = request();
    fake.down(true);
    await expect(ordering.placeOrder(order)).rejects.toBeInstanceOf(CloudProviderError);
    fake.down(false);
    expect(ordersOf(order.reference)).toEqual([]);
  });
});

describe('OVH ordering: following an order', () => {
  it('pending (checking, then delivering) until OVH delivers; then the detail names the VPS, which the account lists', async () => {
    const { orderId } = await ordering.placeOrder(request({ datacenter: 'SBG' }));

    expect(await ordering.followOrder(orderId)).toEqual({ state: 'pending', ovhStatus: 'checking' });
    advance(DELIVERY_MS / 2);
    expect(await ordering.followOrder(orderId)).toEqual({ state: 'pending', ovhStatus: 'delivering' });
    advance(DELIVERY_MS / 2 - 1);
    expect((await ordering.followOrder(orderId)).state).toBe('pending');
    advance(1);

    const followed = await ordering.followOrder(orderId);

    const serviceName = fake.orders.get(orderId)!.serviceName!;
    expect(followed).toEqual({ state: 'delivered', serviceName });
    expect(serviceName).toMatch(/^vps-[0-9a-f]{8}\.vps\.ovh\.net$/);
    const cloud = createOvhAdapter(keys());
    expect(await cloud.listServices()).toContain(serviceName);
    expect(await cloud.getVps(serviceName)).toMatchObject({
      status: 'running',
      zone: 'Region OpenStack: os-sbg1',
      model: { name: 'vps-essential-2-4-80', memoryMb: 4096, vcore: 2, diskGb: 80 },
    });
  });

  it('reads the status, then the details only once delivered', async () => {
    const { orderId } = await ordering.placeOrder(request());
    const from = fake.requests.length;
    await ordering.followOrder(orderId);
    advance(DELIVERY_MS);
    await ordering.followOrder(orderId);
    const detailId = fake.orders.get(orderId)!.detailId;
    expect(callsSince(from).map((c) => c.call)).toEqual([
      `GET /me/order/${orderId}/status`,
      `GET /me/order/${orderId}/status`,
      `GET /me/order/${orderId}/details`,
      `GET /me/order/${orderId}/details/${detailId}`,
    ]);
  });

  it('an order OVH cancels: failed, with the reason', async () => {
    const { orderId } = await ordering.placeOrder(request());
    fake.cancelOrder(orderId);
    advance(DELIVERY_MS);
    expect(await ordering.followOrder(orderId)).toEqual({ state: 'failed', reason: `OVH cancelled order ${orderId}` });
    expect(fake.orders.get(orderId)!.serviceName).toBeNull();
  });

  it('an order OVH does not know: failed', async () => {
    expect(await ordering.followOrder(1)).toEqual({ state: 'failed', reason: 'OVH knows no order 1' });
  });

  it('OVH down while following: a CloudProviderError (the follower tries again later)', async () => {
    const { orderId } = await ordering.placeOrder(request());
    fake.down(true);
    await expect(ordering.followOrder(orderId)).rejects.toBeInstanceOf(CloudProviderError);
    fake.down(false);
  });
});

describe("OVH ordering fake against OVH's own schemas (ovh-order-cart.json, ovh-me-order.json)", () => {
  const dir = process.env.PROVIDER_SPECS_DIR ?? join(process.cwd(), '..', 'shared', 'providers');
  type Models = Record<string, { properties?: Record<string, unknown>; enum?: string[] }>;
  const modelsOf = (file: string): Models | null =>
    existsSync(join(dir, file)) ? (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { models: Models }).models : null;
  const cartModels = modelsOf('ovh-order-cart.json');
  const meModels = modelsOf('ovh-me-order.json');
  const fieldsOf = (models: Models | null, model: string) => Object.keys(models![model]!.properties!).sort();

  it.skipIf(!cartModels)('sends the creation bodies the schema defines', async () => {
    const from = fake.requests.length;
    await ordering.placeOrder(request());
    const bodyOf = (call: string) => callsSince(from).find((c) => c.call === call)!.body as object;
    const sent = {
      'order.cart.Creation': bodyOf('POST /order/cart'),
      'order.cart.GenericProductCreation': bodyOf('POST /order/cart/{cart}/vps'),
      'order.cart.ItemConfigurationCreation': bodyOf('POST /order/cart/{cart}/item/{item}/configuration'),
      'order.cart.Checkout': bodyOf('POST /order/cart/{cart}/checkout'),
    };
    for (const [model, body] of Object.entries(sent))
      expect(fieldsOf(cartModels, model)).toEqual(expect.arrayContaining(Object.keys(body)));
  });

  it.skipIf(!cartModels || !meModels)('answers carts, items, checkouts, orders and details with the schema fields', async () => {
    const raw = createOvhCaller(keys());
    const { orderId } = await ordering.placeOrder(request());
    const order = fake.orders.get(orderId)!;
    const cartPath = `/order/cart/${order.cartId}`;
    const [itemId] = fake.carts.get(order.cartId)!.items;
    advance(DELIVERY_MS);
    const answers: [Models | null, string, unknown][] = [
      [cartModels, 'order.cart.Cart', await raw.call('GET', cartPath)],
      [cartModels, 'order.cart.Item', await raw.call('GET', `${cartPath}/item/${itemId}`)],
      [meModels, 'billing.Order', await raw.call('GET', `/me/order/${orderId}`)],
      [meModels, 'billing.OrderDetail', await raw.call('GET', `/me/order/${orderId}/details/${order.detailId}`)],
    ];
    for (const [models, model, answer] of answers) expect(Object.keys(answer as object).sort()).toEqual(fieldsOf(models, model));
    const fresh = request();
    await expect(ordering.placeOrder({ ...fresh, maxPriceCents: 0 })).rejects.toBeInstanceOf(OvhPriceAboveLimit);
    const preview = (await raw.call('GET', `/order/cart/${cartsOf(fresh.reference)[0]!.cartId}/checkout`)) as { details: object[] };
    expect(Object.keys(preview).sort()).toEqual(fieldsOf(cartModels, 'order.Order'));
    expect(Object.keys(preview.details[0]!).sort()).toEqual(fieldsOf(cartModels, 'order.OrderDetail'));
  });

  it.skipIf(!meModels)('gives only statuses of billing.order.OrderStatusEnum', async () => {
    const { orderId } = await ordering.placeOrder(request());
    const seen = new Set<string>();
    const raw = createOvhCaller(keys());
    for (const step of [0, DELIVERY_MS / 2, DELIVERY_MS / 2]) {
      advance(step);
      seen.add(await raw.call<string>('GET', `/me/order/${orderId}/status`));
    }
    fake.cancelOrder(orderId);
    seen.add(await raw.call<string>('GET', `/me/order/${orderId}/status`));
    expect([...seen]).toEqual(['checking', 'delivering', 'delivered', 'cancelled']);
    expect(meModels!['billing.order.OrderStatusEnum']!.enum).toEqual(expect.arrayContaining([...seen]));
  });
});
