// One interface for the game panel (DESIGN.md §7): Pterodactyl or Pelican's application API with a
// key, a sandbox panel without. The provisioner speaks only this; the adapters speak the wire.

export type PanelFlavour = 'pterodactyl' | 'pelican';

/** Who owns the server on the panel: our customer, found by external id, then e-mail. */
export interface PanelUserInput {
  /** Our user id, as text (the panel's `external_id`). */
  externalId: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
}

/** Where the panel may place a server: Pterodactyl deploys by locations, Pelican by node tags. */
export type PanelDeployTarget = { locations: number[]; tags?: never } | { tags: string[]; locations?: never };

export interface GameServerSpec {
  /** Our service id, as text: the panel's `external_id`, looked up before any create. */
  externalId: string;
  name: string;
  /** The panel user id (from findOrCreateUser). */
  userId: number;
  egg: number;
  dockerImage: string;
  startup: string;
  /** Every variable the egg requires, with the product's values. */
  environment: Record<string, string>;
  limits: { memory: number; swap: number; disk: number; io: number; cpu: number };
  featureLimits: { databases: number; allocations: number; backups: number };
  deploy: PanelDeployTarget & { portRange?: string[] };
}

/** A server as the panel answers it: install running (`installing`), failed, or done (null). */
export interface GameServerState {
  id: number;
  identifier: string;
  externalId: string | null;
  status: 'installing' | 'install_failed' | 'reinstall_failed' | 'suspended' | 'restoring_backup' | null;
  suspended: boolean;
  /** The default allocation: what players connect to. */
  allocation: { host: string; port: number } | null;
}

export interface PanelEgg {
  id: number;
  nest: number | null;
  name: string;
  dockerImages: Record<string, string>;
  startup: string;
  variables: { envVariable: string; name: string; defaultValue: string; rules: string }[];
}

/** What staff pick from in the product form (read from the panel, or the sandbox's own). */
export interface PanelCatalogue {
  flavour: PanelFlavour;
  nests: { id: number; name: string }[];
  eggs: PanelEgg[];
  locations: { id: number; short: string; long: string | null }[];
  tags: string[];
}

export interface GamePanelAdapter {
  readonly mode: 'live' | 'sandbox';
  readonly flavour: PanelFlavour;
  findOrCreateUser(input: PanelUserInput): Promise<{ id: number }>;
  /** `GET /servers/external/{id}`: null when the panel holds none (404). */
  findServerByExternalId(externalId: string): Promise<GameServerState | null>;
  createServer(spec: GameServerSpec): Promise<GameServerState>;
  getServer(id: number): Promise<GameServerState>;
  suspend(id: number): Promise<void>;
  unsuspend(id: number): Promise<void>;
  /** Deletes the server and its data; a server already gone is not an error. */
  deleteServer(id: number): Promise<void>;
  catalogue(): Promise<PanelCatalogue>;
}

/**
 * One of the panel's `errors[]`: its `code` (ValidationException, NoViableNodeException, …), its own
 * words, and for a validation error the field (`meta.source_field`, e.g. `environment.SERVER_JARFILE`)
 * and the rule that failed (`meta.rule`: required, unique, exists, …).
 */
export interface GamePanelRefusal {
  code: string;
  detail: string;
  field?: string;
  /** The panel's `status`, as text ('422', '400'). */
  status?: string;
  rule?: string;
}

/**
 * The panel refused the request: 422 (validation), 400 (no node or allocation for the deploy target),
 * 401/403 (the key is wrong or lacks a permission), 409. The fields and the panel's own words. Not
 * worth retrying as is.
 */
export class GamePanelRefused extends Error {
  constructor(
    readonly status: number,
    readonly errors: GamePanelRefusal[],
  ) {
    super(`panel refused (${status}): ${errors.map((e) => e.detail).join('; ')}`);
    this.name = 'GamePanelRefused';
  }
}

/** The panel is down, slow or answered 5xx: nothing known changed; try again later. */
export class GamePanelUnavailable extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'GamePanelUnavailable';
  }
}

export class GamePanelNotFound extends Error {
  constructor(readonly what: string) {
    super(`panel: ${what} not found`);
    this.name = 'GamePanelNotFound';
  }
}
