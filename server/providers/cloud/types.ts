import type { PowerStatus, VpsAction } from '../../../shared/schemas/vps';

// One interface for the machines' cloud (DESIGN.md §1): OVH with keys, a simulated fleet without.

export interface CloudVpsDetails {
  serviceName: string;
  status: PowerStatus;
  /** Region / datacenter as the provider names it (OVH "zone", e.g. "Region OpenStack: os-gra7"). */
  zone?: string;
  /** Offer name and size as the provider reports them. */
  model?: { name: string; memoryMb: number; vcore: number; diskGb: number };
  ips?: string[];
}

export interface CloudAdapter {
  readonly mode: 'live' | 'simulated';
  /** Every service name the account holds. */
  listServices(): Promise<string[]>;
  /** The machine's current state and details; throws CloudVpsNotFound for an unknown name. */
  getVps(serviceName: string): Promise<CloudVpsDetails>;
  /**
   * The power state of each of a few machines (a page of a list): the names the provider could
   * answer for, each with its state; a name missing from the answer is unknown or unreachable.
   */
  powerStatuses(serviceNames: readonly string[]): Promise<Map<string, PowerStatus>>;
  /** Asks for a power action; resolves once the provider accepted it (the machine moves later). */
  act(serviceName: string, action: VpsAction): Promise<void>;
  /**
   * Ends the service at the provider, which deletes the machine's data (30 days unpaid after a
   * suspension). The simulated fleet has nothing to give back: the inventory row marked deleted is
   * the machine gone.
   */
  terminate(serviceName: string): Promise<void>;
}

/** The provider is down or refused the call: nothing changed, the customer can try again. */
export class CloudProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'CloudProviderError';
  }
}

export class CloudVpsNotFound extends Error {
  constructor(readonly serviceName: string) {
    super(`unknown VPS ${serviceName}`);
    this.name = 'CloudVpsNotFound';
  }
}
