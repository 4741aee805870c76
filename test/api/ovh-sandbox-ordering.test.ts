import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../server/crypto/secret-box';
import { createVpsOrdering } from '../../server/providers/cloud/index';
import { OvhPriceAboveLimit, type VpsOrderRequest, type VpsOrdering } from '../../server/providers/cloud/ordering-types';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { CloudProviderError } from '../../server/providers/cloud/types';
import { TEST_ENCRYPTION_KEY } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// OVH ordering without keys, on a real Postgres: an order recorded once per reference, delivered
// a few seconds later on a clock the tests move, into the inventory as a free machine of its plan
// that the simulated fleet runs. The datacenter `fail` makes the order fail.

const DELIVERY_MS = 6000;

let database: TestDatabase;
const db = () => database.db;

let clock = new Date('2026-11-29T10:00:00.000Z');
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let ordering: VpsOrdering;
let references = 0;

const sandbox = () => createVpsOrdering({}, { db: db(), encryptionKey: TEST_ENCRYPTION_KEY, now });

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

const ordersOf = (reference: string) => db()('sandbox_vps_orders').where({ reference });

beforeAll(async () => {
  database = await createTestDatabase();
  ordering = sandbox();
});
afterAll(() => database.destroy());

describe('OVH ordering sandbox', () => {
  it('runs without OVH keys', () => {
    expect(ordering.mode).toBe('sandbox');
  });

  it('an order is pending for 6 s, then delivered: a free, running machine of the plan joins the inventory', async () => {
    const placed = await ordering.placeOrder(request({ durationMonths: 2, maxPriceCents: 2400 }));
    expect(placed).toEqual({ orderId: expect.any(Number) as number, priceCents: 2 * 1199 });

    expect(await ordering.followOrder(placed.orderId)).toEqual({ state: 'pending', ovhStatus: 'delivering' });
    advance(DELIVERY_MS - 1);
    expect((await ordering.followOrder(placed.orderId)).state).toBe('pending');
    advance(1);
    const delivered = await ordering.followOrder(placed.orderId);

    expect(delivered).toEqual({ state: 'delivered', serviceName: expect.stringMatching(/^vps-[0-9a-f]{8}\.vps\.ovh\.net$/) as string });
    const serviceName = (delivered as { serviceName: string }).serviceName;
    const machine = await db()('vps').where({ service_name: serviceName }).first();
    expect(machine).toMatchObject({
      state: 'available',
      order_id: null,
      power_status: 'running',
      plan: 'VPS Essential',
      ram_gb: 4,
      cores: 2,
      storage_gb: 80,
      region: 'GRA',
      os: 'Ubuntu 24.04',
      os_family: 'linux',
      login: 'root',
    });
    expect(machine.ip).toMatch(/^(203\.0\.113|198\.51\.100)\.\d{1,3}$/);
    expect(decryptSecret(machine.password_encrypted as string, TEST_ENCRYPTION_KEY)).toMatch(/^[A-Za-z2-9]{18}\d!$/);
    // The simulated fleet runs it like any machine of the inventory.
    const fleet = createSimulatedFleet(db(), { now });
    expect(await fleet.getVps(serviceName)).toMatchObject({ status: 'running', model: { name: 'VPS Essential', vcore: 2 } });
    // Followed again: the same machine, nothing more inserted.
    const machines = await db()('vps').count('* as n').first();
    expect(await ordering.followOrder(placed.orderId)).toEqual(delivered);
    expect(await db()('vps').count('* as n').first()).toEqual(machines);
  });

  it('a Windows system: a Windows machine, its login Administrator', async () => {
    const { orderId } = await ordering.placeOrder(
      request({ os: 'Windows Server 2022', planCode: 'vps-comfort-4-8-160', maxPriceCents: 5000 }),
    );
    advance(DELIVERY_MS);
    const delivered = (await ordering.followOrder(orderId)) as { serviceName: string };
    expect(await db()('vps').where({ service_name: delivered.serviceName }).first('os_family', 'login', 'plan', 'ram_gb')).toEqual({
      os_family: 'windows',
      login: 'Administrator',
      plan: 'VPS Comfort',
      ram_gb: 8,
    });
  });

  it('the same reference again: the order placed already, never a second one', async () => {
    const order = request();
    const first = await ordering.placeOrder(order);
    const again = await sandbox().placeOrder(order);
    expect(again).toEqual(first);
    expect(await ordersOf(order.reference)).toHaveLength(1);
  });

  it('two instances placing the same reference at once record one order', async () => {
    const order = request();
    const [a, b] = await Promise.all([sandbox().placeOrder(order), sandbox().placeOrder(order)]);
    expect(a).toEqual(b);
    expect(await ordersOf(order.reference)).toHaveLength(1);
  });

  it('a price above the cost limit: OvhPriceAboveLimit, nothing recorded', async () => {
    const order = request({ durationMonths: 12, maxPriceCents: 12 * 1199 - 1 });
    const err = await ordering.placeOrder(order).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OvhPriceAboveLimit);
    expect(err).toMatchObject({ priceCents: 12 * 1199, maxPriceCents: 12 * 1199 - 1 });
    expect(await ordersOf(order.reference)).toEqual([]);
  });

  it('a plan the sandbox does not sell: a CloudProviderError naming those it sells', async () => {
    const err = await ordering.placeOrder(request({ planCode: 'vps-nothing-9-9-9' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CloudProviderError);
    expect((err as Error).message).toContain('sells no plan "vps-nothing-9-9-9" (it sells vps-le-2-2-40, vps-value-1-2-40');
  });

  it('the datacenter `fail`: the order fails at delivery, no machine', async () => {
    const vpsBefore = await db()('vps').count('* as n').first();
    const { orderId } = await ordering.placeOrder(request({ datacenter: 'fail' }));
    expect((await ordering.followOrder(orderId)).state).toBe('pending');
    advance(DELIVERY_MS);
    expect(await ordering.followOrder(orderId)).toEqual({ state: 'failed', reason: 'The sandbox datacenter "fail" delivers no order' });
    expect(await db()('vps').count('* as n').first()).toEqual(vpsBefore);
  });

  it('several instances following a due order at once deliver one machine, and all name it', async () => {
    const { orderId } = await ordering.placeOrder(request({ planCode: 'vps-value-1-2-40', datacenter: 'SBG', os: 'Debian 12' }));
    advance(DELIVERY_MS);
    const followed = await Promise.all([ordering, sandbox(), sandbox()].map((instance) => instance.followOrder(orderId)));
    const [first] = followed;
    expect(first!.state).toBe('delivered');
    expect(followed).toEqual([first, first, first]);
    const delivered = first as { serviceName: string };
    expect(await db()('vps').where({ plan: 'VPS Value', region: 'SBG' }).pluck('service_name')).toEqual([delivered.serviceName]);
  });

  it('an order the sandbox does not hold: failed', async () => {
    expect(await ordering.followOrder(999_999)).toEqual({ state: 'failed', reason: 'The OVH ordering sandbox holds no order 999999' });
  });

  it('delivers after the delay it is given', async () => {
    const quick = createVpsOrdering({}, { db: db(), encryptionKey: TEST_ENCRYPTION_KEY, now, sandboxDeliveryMs: 1000 });
    const { orderId } = await quick.placeOrder(request());
    advance(1000);
    expect((await quick.followOrder(orderId)).state).toBe('delivered');
  });

  it('takes SANDBOX_VPS_SECONDS to deliver when the shop sets it (config.sandboxVpsMs)', async () => {
    const slow = createVpsOrdering({ sandboxVpsMs: 3_600_000 }, { db: db(), encryptionKey: TEST_ENCRYPTION_KEY, now });
    const { orderId } = await slow.placeOrder(request());
    advance(3_599_999);
    expect((await slow.followOrder(orderId)).state).toBe('pending');
    advance(1);
    expect((await slow.followOrder(orderId)).state).toBe('delivered');
  });
});
