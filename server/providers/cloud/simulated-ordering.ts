import { randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { osFamilyOf } from '../../../shared/staff/os-family';
import { systemClock } from '../../clock/clock';
import { encryptSecret } from '../../crypto/secret-box';
import { OvhPriceAboveLimit, type VpsOrderRequest, type VpsOrdering, type VpsOrderStatus } from './ordering-types';
import { FAILING_DATACENTER, SANDBOX_VPS_PLANS, type SandboxVpsPlan } from './sandbox-vps-plans';
import {
  deliverOrder,
  failOrder,
  findOrder,
  findOrderByReference,
  insertOrder,
  usedDocumentationIps,
  type DeliveredMachine,
  type SandboxOrderRow,
} from './simulated-ordering.repo';
import { CloudProviderError } from './types';

// OVH ordering without keys: an order is a row of `sandbox_vps_orders`, priced from a small list
// of plans, and delivered a few seconds later on the injected clock, when it is next followed: its
// machine then joins the inventory as a free, running machine of the plan, which the simulated
// fleet runs like any other. One order per reference, as a cart is found again at OVH. The
// datacenter `fail` makes the order fail at delivery.

export interface SimulatedOrderingOptions {
  /** Seals the new machine's root password, as the inventory keeps them. */
  encryptionKey: string;
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
  /** From the order to its delivery. */
  deliveryMs?: number;
}

const DEFAULT_DELIVERY_MS = 6000;

/** The two documentation ranges (RFC 5737) the demo inventory uses, hosts .1 to .254. */
const ADDRESS_RANGES = ['203.0.113.', '198.51.100.'];

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 20 characters as the seeded machines' (~116 bits), with a digit and a symbol for Windows' rules. */
export function newPassword(): string {
  let out = '';
  for (let i = 0; i < 18; i += 1) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return `${out}${randomInt(10)}!`;
}

/** A documentation address no machine has yet (any of them once all are taken: it is a sandbox). */
function freeAddress(used: ReadonlySet<string>): string {
  const all = ADDRESS_RANGES.flatMap((range) => Array.from({ length: 254 }, (_, i) => `${range}${i + 1}`));
  const free = all.filter((ip) => !used.has(ip));
  const pool = free.length > 0 ? free : all;
  return pool[randomInt(pool.length)]!;
}

function statusOf(order: SandboxOrderRow): VpsOrderStatus {
  if (order.status === 'delivered') return { state: 'delivered', serviceName: order.service_name! };
  if (order.status === 'failed') return { state: 'failed', reason: order.failure_reason! };
  return { state: 'pending', ovhStatus: 'delivering' };
}

export function createSimulatedOrdering(db: Knex, options: SimulatedOrderingOptions): VpsOrdering {
  const now = options.now ?? (() => systemClock.now());
  const deliveryMs = options.deliveryMs ?? DEFAULT_DELIVERY_MS;

  function planOf(planCode: string): SandboxVpsPlan {
    const plan = SANDBOX_VPS_PLANS[planCode];
    if (!plan) {
      const sold = Object.keys(SANDBOX_VPS_PLANS).join(', ');
      throw new CloudProviderError(`The OVH ordering sandbox sells no plan "${planCode}" (it sells ${sold})`);
    }
    return plan;
  }

  async function machineFor(order: SandboxOrderRow): Promise<DeliveredMachine> {
    const plan = planOf(order.plan_code);
    const family = osFamilyOf(order.os) ?? 'linux';
    return {
      service_name: `vps-${randomBytes(4).toString('hex')}.vps.ovh.net`,
      ip: freeAddress(new Set(await usedDocumentationIps(db))),
      os: order.os,
      os_family: family,
      plan: plan.name,
      region: order.datacenter,
      ram_gb: plan.ramGb,
      cores: plan.cores,
      storage_gb: plan.storageGb,
      // As the demo inventory describes its machines.
      traffic: 'Illimité',
      login: family === 'windows' ? 'Administrator' : 'root',
      password_encrypted: encryptSecret(newPassword(), options.encryptionKey),
    };
  }

  return {
    mode: 'sandbox',

    async placeOrder(request: VpsOrderRequest) {
      // Checked out already under this reference: that order, never a second one.
      const placed = await findOrderByReference(db, request.reference);
      if (placed) return { orderId: placed.id, priceCents: placed.price_cents };
      const priceCents = planOf(request.planCode).monthlyCents * request.durationMonths;
      if (priceCents > request.maxPriceCents) throw new OvhPriceAboveLimit(priceCents, request.maxPriceCents);
      const at = now();
      const order = await insertOrder(
        db,
        {
          reference: request.reference,
          plan_code: request.planCode,
          datacenter: request.datacenter,
          os: request.os,
          duration_months: request.durationMonths,
          price_cents: priceCents,
          delivers_at: new Date(at.getTime() + deliveryMs),
        },
        at,
      );
      return { orderId: order.id, priceCents: order.price_cents };
    },

    async followOrder(orderId) {
      const order = await findOrder(db, orderId);
      if (!order) return { state: 'failed', reason: `The OVH ordering sandbox holds no order ${orderId}` };
      const at = now();
      if (order.status !== 'pending' || order.delivers_at > at) return statusOf(order);
      if (order.datacenter === FAILING_DATACENTER) {
        await failOrder(db, order.id, `The sandbox datacenter "${FAILING_DATACENTER}" delivers no order`, at);
      } else {
        await deliverOrder(db, order.id, await machineFor(order), at);
      }
      // Whoever delivered it (this reader or another instance), the order as it now stands.
      return statusOf((await findOrder(db, orderId))!);
    },
  };
}
