import type { Knex } from 'knex';
import { createEInvoiceAccessPoint } from './e-invoice';
import { createSandboxAccessPoint } from './sandbox';
import type { AccessPoint } from './types';

export type { AccessPoint, AccessPointName } from './types';

/** What config.ts gives: the sandbox, or e-invoice.be with its key (and another base for a fake). */
export type PeppolConfig = { accessPoint: 'sandbox' } | { accessPoint: 'e-invoice'; apiKey: string; apiBase?: string };

/** The access point the config names; the sandbox when none is (no key: nothing leaves the machine). */
export function createAccessPoint(config: PeppolConfig | undefined, deps: { db: Knex }): AccessPoint {
  if (config?.accessPoint === 'e-invoice') return createEInvoiceAccessPoint({ apiKey: config.apiKey, apiBase: config.apiBase });
  return createSandboxAccessPoint(deps);
}
