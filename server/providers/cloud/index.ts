import type { Knex } from 'knex';
import { createOvhAdapter, type OvhAdapterConfig } from './ovh';
import { createSimulatedFleet } from './simulated';
import type { CloudAdapter } from './types';

export interface CloudConfig {
  /** Set (by server/config.ts) only when all four OVH variables are. */
  ovh?: OvhAdapterConfig;
}

/** OVH when its keys are set, the simulated fleet (the `vps` table) otherwise. */
export function createCloudAdapter(config: CloudConfig, deps: { db: Knex; now?: () => Date }): CloudAdapter {
  if (config.ovh) return createOvhAdapter(config.ovh);
  return createSimulatedFleet(deps.db, deps.now ? { now: deps.now } : {});
}
