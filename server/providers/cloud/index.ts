import type { Knex } from 'knex';
import { createOvhAdapter, type OvhAdapterConfig } from './ovh';
import { createOvhOrdering } from './ovh-order';
import type { OvhSubsidiary, VpsOrdering } from './ordering-types';
import { createSimulatedFleet } from './simulated';
import { createSimulatedOrdering } from './simulated-ordering';
import type { CloudAdapter } from './types';

export interface CloudConfig {
  /** Set (by server/config.ts) only when all four OVH variables are. */
  ovh?: OvhAdapterConfig;
  /** SANDBOX_VPS_SECONDS: without OVH, how long each sandbox start, stop, reboot, install and ordered delivery takes. */
  sandboxVpsMs?: number;
}

/** OVH when its keys are set, the simulated fleet (the `vps` table) otherwise. */
export function createCloudAdapter(config: CloudConfig, deps: { db: Knex; now?: () => Date }): CloudAdapter {
  if (config.ovh) return createOvhAdapter(config.ovh);
  return createSimulatedFleet(deps.db, {
    ...(deps.now ? { now: deps.now } : {}),
    ...(config.sandboxVpsMs !== undefined ? { transitionMs: config.sandboxVpsMs, installMs: config.sandboxVpsMs } : {}),
  });
}

export interface VpsOrderingConfig extends CloudConfig {
  /** OVH_SUBSIDIARY: where OVH bills the orders; FR unless told. */
  ovhSubsidiary?: OvhSubsidiary;
}

export interface VpsOrderingDeps {
  db: Knex;
  /** Seals the root password of a machine the sandbox delivers. */
  encryptionKey: string;
  now?: () => Date;
  /** The sandbox's delay from the order to its delivery (6 s unless told). */
  sandboxDeliveryMs?: number;
}

/**
 * OVH's cart API when its keys are set, the sandbox (orders in `sandbox_vps_orders`, delivered
 * into the `vps` table) otherwise. Whether the shop orders at all is config.ovhAutoOrder's call.
 */
export function createVpsOrdering(config: VpsOrderingConfig, deps: VpsOrderingDeps): VpsOrdering {
  if (config.ovh) return createOvhOrdering({ ...config.ovh, subsidiary: config.ovhSubsidiary ?? 'FR' });
  const deliveryMs = deps.sandboxDeliveryMs ?? config.sandboxVpsMs;
  return createSimulatedOrdering(deps.db, {
    encryptionKey: deps.encryptionKey,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deliveryMs !== undefined ? { deliveryMs } : {}),
  });
}
