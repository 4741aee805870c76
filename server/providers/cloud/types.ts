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

/**
 * Where the machine's last install (rebuild) stands: running, finished (the system is in place and
 * the machine boots it), or failed (the disk holds no usable system: install again or call staff).
 * A machine never rebuilt is `ready`.
 */
export type InstallState = 'installing' | 'ready' | 'failed';

/** What a rebuild installs beside the system: the customer's public key for root (OVH `publicSshKey`). */
export interface RebuildOptions {
  publicSshKey?: string;
}

export interface CloudAdapter extends CloudVpsTools {
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
  /**
   * Installs a system anew (OVH `rebuild`): erases the disk. `image` is a system's name as the shop
   * names it ("Ubuntu 24.04", or an id like "ubuntu-24-04": case, spaces and punctuation do not
   * matter) or the provider's own image id. Resolves once the provider accepted it; installState
   * follows the install. Throws CloudImageUnavailable when the machine cannot install that system.
   */
  rebuild(serviceName: string, image: string, options?: RebuildOptions): Promise<void>;
  /** Where the last rebuild stands; `ready` once the system is installed and the machine runs it. */
  installState(serviceName: string): Promise<InstallState>;
  /**
   * Sets the reverse DNS of one of the machine's IPs (OVH `POST /ip/{ip}/reverse`). Throws
   * CloudReverseRefused when the provider refuses the name (OVH: it must resolve to the IP first).
   */
  setReverse(ip: string, reverse: string): Promise<void>;
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

/** The provider offers no such system for this machine: nothing was changed. */
export class CloudImageUnavailable extends Error {
  constructor(
    readonly serviceName: string,
    readonly image: string,
    /** The systems the machine can install, by name. */
    readonly available: readonly string[],
  ) {
    super(`VPS ${serviceName} cannot install "${image}" (available: ${available.join(', ') || 'none'})`);
    this.name = 'CloudImageUnavailable';
  }
}

/** The provider refused a reverse DNS name (OVH checks that the name resolves to the IP first). */
export class CloudReverseRefused extends Error {
  constructor(
    readonly ip: string,
    readonly reverse: string,
    readonly providerMessage: string,
  ) {
    super(`reverse ${reverse} refused for ${ip}: ${providerMessage}`);
    this.name = 'CloudReverseRefused';
  }
}

/** The periods the panel graphs (OVH `vps.VpsMonitoringPeriodEnum`: lastday, lastweek, lastmonth). */
export type MonitoringPeriod = 'lastday' | 'lastweek' | 'lastmonth';
/** The statistics the panel graphs (OVH `vps.VpsStatisticTypeEnum`). */
export type MonitoringType = 'cpu:used' | 'mem:used' | 'mem:max' | 'net:rx' | 'net:tx';

/** One statistic over a period, as OVH answers it (`complexType.UnitAndValues_vps.VpsTimestampValue`). */
export interface MonitoringSeries {
  unit: string;
  /** Unix seconds, oldest first; a null value is a gap (the machine did not report). */
  values: { timestamp: number; value: number | null }[];
}

/** The machine's one snapshot (OVH `vps.Snapshot`). */
export interface CloudSnapshot {
  createdAt: string;
  description: string;
}

/** Tasks the panel follows (OVH `vps.TaskTypeEnum`). */
export type CloudTaskType = 'changeRootPassword' | 'createSnapshot' | 'revertSnapshot' | 'deleteSnapshot';

/**
 * What a root password reset gives: OVH mails the new password to the account holder once its task
 * ran (`by_mail`); the sandbox has no mail and hands it over at once (`password`).
 */
export type RootPasswordReset = { delivery: 'by_mail' } | { delivery: 'given'; password: string };

/** The VPS tools of the panel (issue 33): root password, browser console, graphs, snapshot. */
export interface CloudVpsTools {
  /** OVH `POST /vps/{serviceName}/setPassword` (a `changeRootPassword` task). */
  resetRootPassword(serviceName: string): Promise<RootPasswordReset>;
  /** OVH `POST /vps/{serviceName}/getConsoleUrl`: a URL that opens the machine's console, for its owner alone. */
  consoleUrl(serviceName: string): Promise<string>;
  /** OVH `GET /vps/{serviceName}/monitoring?period=&type=`. */
  monitoring(serviceName: string, period: MonitoringPeriod, type: MonitoringType): Promise<MonitoringSeries>;
  /** Whether the machine has OVH's snapshot option (`GET /vps/{serviceName}/option` lists `snapshot`). */
  snapshotOffered(serviceName: string): Promise<boolean>;
  /** The machine's snapshot, or null when it has none. */
  getSnapshot(serviceName: string): Promise<CloudSnapshot | null>;
  /** OVH `createSnapshot`; throws CloudTaskRefused when OVH refuses (no option, one already exists). */
  createSnapshot(serviceName: string, description: string): Promise<void>;
  /** OVH `POST /snapshot/revert`: the disk goes back to the snapshot. */
  revertSnapshot(serviceName: string): Promise<void>;
  /** OVH `DELETE /snapshot`. */
  deleteSnapshot(serviceName: string): Promise<void>;
  /** The types among `types` of which a task is waiting or running on the machine. */
  runningTasks(serviceName: string, types: readonly CloudTaskType[]): Promise<CloudTaskType[]>;
}

/** The provider refused a task for the machine's state (OVH answers 400/403/409 with its reason). */
export class CloudTaskRefused extends Error {
  constructor(
    readonly serviceName: string,
    readonly providerMessage: string,
  ) {
    super(`VPS ${serviceName}: ${providerMessage}`);
    this.name = 'CloudTaskRefused';
  }
}
