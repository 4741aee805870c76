import type { VpsAction } from '../../../shared/schemas/vps';

// Errors only the simulated fleet can raise: it knows the machine's state before acting, while OVH
// accepts the task first and decides later (DESIGN.md §1).

export type CloudRefusalReason = 'busy' | 'already_running' | 'already_stopped' | 'not_running';

/** The action makes no sense in the machine's current state: nothing was changed. */
export class CloudActionRefused extends Error {
  constructor(
    readonly serviceName: string,
    readonly action: VpsAction,
    readonly reason: CloudRefusalReason,
  ) {
    super(`${action} refused on VPS ${serviceName}: ${reason}`);
    this.name = 'CloudActionRefused';
  }
}
