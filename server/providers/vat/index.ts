import type { Logger } from 'pino';
import { createSandboxVatChecker } from './sandbox';
import type { VatChecker } from './types';
import { createViesChecker } from './vies';

export type { VatChecker, VatCheckResult } from './types';

/** VIES when its address is configured (always in production, config.ts), the offline sandbox otherwise. */
export function createVatChecker(config: { viesUrl?: string }, deps: { logger?: Logger } = {}): VatChecker {
  return config.viesUrl ? createViesChecker({ baseUrl: config.viesUrl, logger: deps.logger }) : createSandboxVatChecker();
}
