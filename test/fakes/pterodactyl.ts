// A local server speaking Pterodactyl's application API (v1.11, pinned in
// ../shared/providers/pterodactyl), or Pelican's flavour of it, for the fetch-based adapter
// (server/providers/game-panel/pterodactyl.ts): give it `url` (PTERODACTYL_URL) and
// `applicationKey` (PTERODACTYL_APPLICATION_KEY). No test-runner imports.
//   Items are `{object, attributes}`, lists `{object: 'list', data, meta: {pagination}}`, related
//   resources (`?include=allocations`) sit in `attributes.relationships`; errors are
//   `{errors: [{code, status, detail, meta?: {source_field, rule}}]}` (app/Exceptions/Handler.php).
//   Pterodactyl: /users, /users/external/{id}, /servers, /servers/external/{id}, suspend, unsuspend,
//   DELETE, /nests, /nests/{id}/eggs, /locations, /nodes. Pelican: the same without nests and
//   locations; /eggs; nodes carry `tags` and servers deploy by them.
// The install runs on the fake's clock (the test's movable clock): `installing` for `installMs`,
// then done (status null) or `install_failed` (failNextInstall(), or a node in location / with tag `fail`).
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { DEMO_EGGS, DEMO_LOCATIONS, DEMO_NESTS, DEMO_NODES, FAILING_LOCATION } from '../../server/providers/game-panel/demo-catalogue';
import { checkEggEnvironment, checkRules, type FieldFailure } from '../../server/providers/game-panel/panel-validation';
import type { PanelEgg, PanelFlavour } from '../../server/providers/game-panel/types';
import { createClientApi, type ClientApiState } from './pterodactyl-client';
import { answerNode, fakeFileOf } from './pterodactyl-client/files';
import type { FakeConsoles } from './pterodactyl-client/websocket';
import { failure, notFound, PanelError, stamp, type Answer, type Json } from './pterodactyl-wire';

export interface FakeClock {
  now(): Date;
}

/** The application key's permission areas (Pterodactyl's `r_*` columns). */
export type PterodactylResource = 'users' | 'servers' | 'nests' | 'eggs' | 'locations' | 'nodes' | 'allocations';
export type PterodactylPermission = 'none' | 'read' | 'read-write';

export type PterodactylDownMode = 'error' | 'maintenance' | 'rate-limited' | 'network' | 'hang';

export interface FakePanelUser {
  id: number;
  uuid: string;
  externalId: string | null;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The password last set through PATCH /users/{id} (the SFTP password), as the panel received it. */
  password: string | null;
  createdAt: Date;
}

export interface FakePanelAllocation {
  id: number;
  nodeId: number;
  ip: string;
  alias: string | null;
  port: number;
  serverId: number | null;
}

export interface FakePanelServer {
  id: number;
  uuid: string;
  externalId: string | null;
  name: string;
  userId: number;
  nodeId: number;
  allocationId: number;
  eggId: number;
  nestId: number | null;
  dockerImage: string;
  startup: string;
  /** The values given for the egg's variables (what the panel stores). */
  environment: Record<string, string>;
  limits: { memory: number; swap: number; disk: number; io: number; cpu: number; threads: string | null };
  featureLimits: { databases: number; allocations: number; backups: number };
  /** The install ends at this time of the fake's clock... */
  installDoneAt: Date;
  /** ...and then fails or not. */
  installFails: boolean;
  suspended: boolean;
  startOnCompletion: boolean;
  createdAt: Date;
}

export interface FakePanelRequest {
  method: string;
  /** Without the query. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** What the fake answered (0: the connection was dropped or is held). */
  status: number;
}

export interface PterodactylFakeOptions {
  flavour?: PanelFlavour;
  clock?: FakeClock;
  /** How long an install takes on the clock; 5 s by default. */
  installMs?: number;
  /** The most a list page holds whatever `per_page` asks (none by default): to see a client follow the pages. */
  maxPerPage?: number;
}

export interface PterodactylFake {
  /** e.g. http://127.0.0.1:40123: PTERODACTYL_URL. */
  url: string;
  /** The application key the fake accepts with every permission (`ptla_…`, or `peli_…` for Pelican). */
  applicationKey: string;
  /** A client (account) key of the same admin: the application API refuses it (403). */
  clientKey: string;
  flavour: PanelFlavour;
  readonly requests: FakePanelRequest[];
  readonly users: Map<number, FakePanelUser>;
  readonly servers: Map<number, FakePanelServer>;
  readonly allocations: Map<number, FakePanelAllocation>;
  readonly eggs: PanelEgg[];
  /** A user made by someone else on the panel (staff, another shop). */
  addUser(user?: Partial<Omit<FakePanelUser, 'id' | 'uuid' | 'createdAt'>>): FakePanelUser;
  /** The server's status as the panel shows it now. */
  statusOf(id: number): 'installing' | 'install_failed' | 'suspended' | null;
  /** A file of a server as the node holds it now; null when missing or a directory. */
  fileOf(serverId: number, path: string): Buffer | null;
  /** The next server created fails its install. */
  failNextInstall(): void;
  /** The next server created is created, and the connection drops before its answer: a worker that died after its create. */
  crashAfterNextCreate(): void;
  /**
   * down(true): 500 to everything; 'maintenance' 503; 'rate-limited' 429 with Retry-After;
   * 'network' drops the connection; 'hang' never answers (until down(false) or close(): 503).
   */
  down(on: boolean, how?: PterodactylDownMode): void;
  /** Every answer waits this long (real time; keep it short). */
  latency(ms: number): void;
  /** What the application key may do (every area read-write by default). */
  setPermissions(permissions: Partial<Record<PterodactylResource, PterodactylPermission>>): void;
  /** The node's console sockets (pterodactyl-client/websocket.ts). */
  consoles: FakeConsoles;
  close(): Promise<void>;
}

/** Handler::invalidJson: one error per failed rule, with the field and the rule. */
const invalid = (failures: FieldFailure[]): PanelError =>
  new PanelError({
    status: 422,
    body: {
      errors: failures.map((f) => ({
        code: 'ValidationException',
        status: '422',
        detail: f.detail,
        meta: { source_field: f.field, rule: f.rule },
      })),
    },
  });

/** How Laravel names a field in its sentences: `external_id` → "external id". */
const attributeName = (field: string) => field.replace(/_/g, ' ');

const at = (body: Json, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), body);

/** The Pterodactyl Username rule. */
const USERNAME = /^[a-z0-9]([\w.-]+)[a-z0-9]$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function startPterodactylFake(options: PterodactylFakeOptions = {}): Promise<PterodactylFake> {
  const flavour = options.flavour ?? 'pterodactyl';
  const clock = options.clock ?? { now: () => new Date() };
  const installMs = options.installMs ?? 5000;
  const pelican = flavour === 'pelican';
  const applicationKey = `${pelican ? 'peli_' : 'ptla_'}${randomBytes(22).toString('hex').slice(0, 43)}`;
  const clientKey = `${pelican ? 'plcn_' : 'ptlc_'}${randomBytes(22).toString('hex').slice(0, 43)}`;

  const requests: FakePanelRequest[] = [];
  const users = new Map<number, FakePanelUser>();
  const servers = new Map<number, FakePanelServer>();
  const allocations = new Map<number, FakePanelAllocation>();
  const eggs: PanelEgg[] = DEMO_EGGS.map((egg) => ({ ...egg, nest: pelican ? null : egg.nest }));
  const permissions: Record<PterodactylResource, PterodactylPermission> = {
    users: 'read-write',
    servers: 'read-write',
    nests: 'read-write',
    eggs: 'read-write',
    locations: 'read-write',
    nodes: 'read-write',
    allocations: 'read-write',
  };
  const created = clock.now();
  let nextUserId = 1;
  let nextServerId = 1;
  let failNext = false;
  let crashNext = false;
  let downMode: PterodactylDownMode | null = null;
  let latencyMs = 0;
  const held = new Set<ServerResponse>();

  for (const node of DEMO_NODES) {
    for (let port = node.ports.first; port <= node.ports.last; port += 1) {
      const id = allocations.size + 1;
      allocations.set(id, { id, nodeId: node.id, ip: node.ip, alias: node.alias, port, serverId: null });
    }
  }

  // The panel's own admin, whose key the shop uses.
  const addUser: PterodactylFake['addUser'] = (user = {}) => {
    const id = nextUserId++;
    const record: FakePanelUser = {
      id,
      uuid: randomUUID(),
      externalId: user.externalId ?? null,
      username: (user.username ?? `user${id}`).toLowerCase(),
      email: user.email ?? `user${id}@panel.example`,
      firstName: user.firstName ?? 'Panel',
      lastName: user.lastName ?? 'User',
      password: user.password ?? null,
      createdAt: clock.now(),
    };
    users.set(id, record);
    return record;
  };
  addUser({ username: 'admin', email: 'admin@panel.example', firstName: 'Panel', lastName: 'Admin' });

  const statusOf = (server: FakePanelServer): 'installing' | 'install_failed' | 'suspended' | null => {
    if (server.suspended) return 'suspended';
    if (clock.now() < server.installDoneAt) return 'installing';
    return server.installFails ? 'install_failed' : null;
  };

  // ---- The transformers (app/Transformers/Api/Application) ----

  const item = (object: string, attributes: Json) => ({ object, attributes });

  const userJson = (u: FakePanelUser) =>
    item('user', {
      id: u.id,
      external_id: u.externalId,
      uuid: u.uuid,
      username: u.username,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      language: 'en',
      root_admin: u.id === 1,
      '2fa': false,
      created_at: stamp(u.createdAt),
      updated_at: stamp(u.createdAt),
    });

  const allocationJson = (a: FakePanelAllocation) =>
    item('allocation', { id: a.id, ip: a.ip, alias: a.alias, port: a.port, notes: null, assigned: a.serverId !== null });

  const nodeOf = (id: number) => DEMO_NODES.find((n) => n.id === id)!;
  const locationOf = (nodeId: number) => DEMO_LOCATIONS.find((l) => l.id === nodeOf(nodeId).locationId)!;

  const serverJson = (s: FakePanelServer, includes: Set<string>) => {
    const status = statusOf(s);
    const egg = eggs.find((e) => e.id === s.eggId);
    const environment: Record<string, string | number> = {
      ...Object.fromEntries((egg?.variables ?? []).map((v) => [v.envVariable, s.environment[v.envVariable] ?? v.defaultValue])),
      STARTUP: s.startup,
      P_SERVER_LOCATION: pelican ? nodeOf(s.nodeId).name : locationOf(s.nodeId).short,
      P_SERVER_UUID: s.uuid,
      P_SERVER_ALLOCATION_LIMIT: s.featureLimits.allocations,
    };
    const attributes: Json = {
      id: s.id,
      external_id: s.externalId,
      uuid: s.uuid,
      identifier: s.uuid.slice(0, 8),
      name: s.name,
      description: '',
      status,
      suspended: status === 'suspended',
      limits: { ...s.limits, oom_disabled: true },
      feature_limits: s.featureLimits,
      user: s.userId,
      node: s.nodeId,
      allocation: s.allocationId,
      nest: s.nestId,
      egg: s.eggId,
      container: {
        startup_command: s.startup,
        image: s.dockerImage,
        installed: status === 'installing' || status === 'install_failed' ? 0 : 1,
        environment,
      },
      updated_at: stamp(s.createdAt),
      created_at: stamp(s.createdAt),
    };
    if (includes.has('allocations')) {
      const own = [...allocations.values()].filter((a) => a.serverId === s.id);
      attributes.relationships = {
        allocations: allowed('allocations', 'read')
          ? { object: 'list', data: own.map(allocationJson) }
          : { object: 'null_resource', attributes: null },
      };
    }
    return item('server', attributes);
  };

  const eggJson = (egg: PanelEgg, includes: Set<string>) => {
    const attributes: Json = {
      id: egg.id,
      uuid: `00000000-0000-4000-8000-${String(egg.id).padStart(12, '0')}`,
      name: egg.name,
      nest: egg.nest,
      author: 'support@pterodactyl.io',
      description: `${egg.name} server`,
      docker_image: Object.values(egg.dockerImages)[0] ?? '',
      docker_images: egg.dockerImages,
      config: { files: {}, startup: { done: ')! For help, type ' }, stop: 'stop', logs: {}, file_denylist: [], extends: null },
      startup: egg.startup,
      script: {
        privileged: true,
        install: '#!/bin/bash\n',
        entry: 'bash',
        container: 'ghcr.io/pterodactyl/installers:debian',
        extends: null,
      },
      created_at: stamp(created),
      updated_at: stamp(created),
    };
    if (pelican) delete attributes.nest;
    if (includes.has('variables')) {
      attributes.relationships = {
        variables: allowed('eggs', 'read')
          ? {
              object: 'list',
              data: egg.variables.map((v, index) =>
                item('egg_variable', {
                  id: egg.id * 100 + index,
                  egg_id: egg.id,
                  name: v.name,
                  description: v.name,
                  env_variable: v.envVariable,
                  default_value: v.defaultValue,
                  user_viewable: true,
                  user_editable: true,
                  rules: v.rules,
                  created_at: stamp(created),
                  updated_at: stamp(created),
                }),
              ),
            }
          : { object: 'null_resource', attributes: null },
      };
    }
    return item('egg', attributes);
  };

  const nodeJson = (node: (typeof DEMO_NODES)[number]) =>
    item('node', {
      id: node.id,
      uuid: `00000000-0000-4000-9000-${String(node.id).padStart(12, '0')}`,
      public: true,
      name: node.name,
      description: null,
      ...(pelican ? { tags: node.tags } : { location_id: node.locationId }),
      fqdn: node.fqdn,
      scheme: 'https',
      behind_proxy: false,
      maintenance_mode: false,
      memory: 65536,
      memory_overallocate: 0,
      disk: 1048576,
      disk_overallocate: 0,
      upload_size: 100,
      daemon_listen: 8080,
      daemon_sftp: 2022,
      daemon_base: '/var/lib/pterodactyl/volumes',
      created_at: stamp(created),
      updated_at: stamp(created),
      allocated_resources: { memory: 0, disk: 0 },
    });

  /** A page of a list, with Fractal's pagination. */
  const page = (objects: unknown[], query: Record<string, string>, path: string) => {
    const perPage = Math.min(options.maxPerPage ?? Infinity, Math.max(1, Number(query.per_page) || 50));
    const current = Math.max(1, Number(query.page) || 1);
    const totalPages = Math.max(1, Math.ceil(objects.length / perPage));
    const data = objects.slice((current - 1) * perPage, current * perPage);
    const link = (n: number) => `${baseUrl}/api/application${path}?page=${n}`;
    const links: Json = {};
    if (current > 1) links.previous = link(current - 1);
    if (current < totalPages) links.next = link(current + 1);
    return {
      object: 'list',
      data,
      meta: {
        pagination: { total: objects.length, count: data.length, per_page: perPage, current_page: current, total_pages: totalPages, links },
      },
    };
  };

  /** Spatie's filter: part of the value, any case (MySQL's collation). */
  const matches = (value: string | null, wanted: string | undefined) =>
    wanted === undefined || (value ?? '').toLowerCase().includes(wanted.toLowerCase());

  // ---- Keys and permissions ----

  const LEVEL = { none: 0, read: 1, 'read-write': 3 } as const;
  function allowed(resource: PterodactylResource, need: 'read' | 'read-write'): boolean {
    return LEVEL[permissions[resource]] >= LEVEL[need];
  }
  function authorize(headers: IncomingHttpHeaders, resource: PterodactylResource, need: 'read' | 'read-write') {
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (token === clientKey) throw failure(403, 'AccessDeniedHttpException', 'This action is unauthorized.');
    if (token !== applicationKey) throw failure(401, 'AuthenticationException', 'Unauthenticated.');
    if (!allowed(resource, need)) throw failure(403, 'AccessDeniedHttpException', 'This action is unauthorized.');
  }

  // ---- Users ----

  function storeUser(body: Json): Answer {
    const failures: FieldFailure[] = [];
    const check = (field: string, rules: string, name = attributeName(field)) =>
      failures.push(...checkRules(at(body, field), rules, name).map((f) => ({ field, ...f })));
    const taken = (field: string, value: unknown, same: (u: FakePanelUser) => string | null) => {
      if (typeof value !== 'string' || value === '') return;
      if ([...users.values()].some((u) => (same(u) ?? '').toLowerCase() === value.toLowerCase()))
        failures.push({ field, rule: 'unique', detail: `The ${attributeName(field)} has already been taken.` });
    };
    check('external_id', 'sometimes|nullable|string|max:191');
    taken('external_id', body.external_id, (u) => u.externalId);
    check('email', 'required|between:1,191');
    if (typeof body.email === 'string' && !EMAIL.test(body.email))
      failures.push({ field: 'email', rule: 'email', detail: 'The email must be a valid email address.' });
    taken('email', body.email, (u) => u.email);
    check('username', 'required|between:1,191');
    taken('username', body.username, (u) => u.username);
    if (typeof body.username === 'string' && body.username !== '' && !USERNAME.test(body.username.toLowerCase()))
      failures.push({
        field: 'username',
        rule: 'p_username',
        detail:
          'The username must start and end with alpha-numeric characters and contain only letters, numbers, dashes, underscores, and periods.',
      });
    check('first_name', 'required|string|between:1,191');
    check('last_name', 'required|string|between:1,191');
    if (failures.length) throw invalid(failures);
    const user = addUser({
      externalId: (body.external_id as string | undefined) ?? null,
      email: body.email as string,
      username: body.username as string,
      firstName: body.first_name as string,
      lastName: body.last_name as string,
    });
    const json = userJson(user);
    return { status: 201, body: { ...json, meta: { resource: `${baseUrl}/api/application/users/${user.id}` } } };
  }

  /**
   * UpdateUserRequest: StoreUserRequest's rules for an update (User::getRulesForUpdate), so email,
   * username, first_name and last_name are required even to change the password alone; the
   * unique rules skip the user itself.
   */
  function updateUser(user: FakePanelUser, body: Json): Answer {
    const failures: FieldFailure[] = [];
    const check = (field: string, rules: string) =>
      failures.push(...checkRules(at(body, field), rules, attributeName(field)).map((f) => ({ field, ...f })));
    check('email', 'required|between:1,191');
    check('username', 'required|between:1,191');
    check('first_name', 'required|string|between:1,191');
    check('last_name', 'required|string|between:1,191');
    check('password', 'sometimes|nullable|string');
    for (const field of ['email', 'username'] as const) {
      const value = body[field];
      if (typeof value === 'string' && [...users.values()].some((u) => u.id !== user.id && u[field].toLowerCase() === value.toLowerCase()))
        failures.push({ field, rule: 'unique', detail: `The ${field} has already been taken.` });
    }
    if (failures.length) throw invalid(failures);
    user.email = body.email as string;
    user.username = (body.username as string).toLowerCase();
    user.firstName = body.first_name as string;
    user.lastName = body.last_name as string;
    if (typeof body.password === 'string') user.password = body.password;
    return { status: 200, body: userJson(user) };
  }

  // ---- Servers ----

  /** StoreServerRequest's rules, with the model's (Server::$validationRules), in their order. */
  function validateServer(body: Json) {
    const failures: FieldFailure[] = [];
    const check = (field: string, rules: string) =>
      failures.push(...checkRules(at(body, field), rules, attributeName(field)).map((f) => ({ field, ...f })));
    const exists = (field: string, found: boolean) => {
      if (found || at(body, field) === undefined || at(body, field) === null) return;
      failures.push({ field, rule: 'exists', detail: `The selected ${attributeName(field)} is invalid.` });
    };
    check('external_id', 'sometimes|nullable|string|between:1,191');
    if (typeof body.external_id === 'string' && [...servers.values()].some((s) => s.externalId === body.external_id))
      failures.push({ field: 'external_id', rule: 'unique', detail: 'The external id has already been taken.' });
    check('name', 'required|string|min:1|max:191');
    check('description', 'nullable|string');
    check('user', 'required|integer');
    exists('user', users.has(Number(body.user)));
    check('egg', 'required');
    exists(
      'egg',
      eggs.some((e) => e.id === Number(body.egg)),
    );
    if (pelican) {
      check('docker_image', 'sometimes|string');
      check('startup', 'sometimes|string');
    } else {
      check('docker_image', 'required|string|max:191|regex:/^~?[\\w\\.\\/\\-:@ ]*$/');
      check('startup', 'required|string');
    }
    check('environment', 'present|array');
    check('limits', 'required|array');
    check('limits.memory', 'required|numeric|min:0');
    check('limits.swap', 'required|numeric|min:-1');
    check('limits.disk', 'required|numeric|min:0');
    check('limits.io', 'required|numeric|between:10,1000');
    check('limits.threads', 'nullable|regex:/^[0-9-,]+$/');
    check('limits.cpu', 'required|numeric|min:0');
    check('feature_limits', 'required|array');
    check('feature_limits.databases', 'present|nullable|integer|min:0');
    check('feature_limits.allocations', 'sometimes|nullable|integer|min:0');
    check('feature_limits.backups', 'present|nullable|integer|min:0');
    if (body.deploy === undefined || body.deploy === null) {
      check('allocation.default', 'required|integer');
      const free = allocations.get(Number(at(body, 'allocation.default')));
      exists('allocation.default', free !== undefined && free.serverId === null);
    } else {
      check('deploy', 'required|array');
      check('deploy.locations', 'present|array');
      if (pelican) check('deploy.tags', 'present|array');
      check('deploy.dedicated_ip', 'required|boolean');
      check('deploy.port_range', 'present|array');
      const locations = at(body, 'deploy.locations');
      if (Array.isArray(locations)) locations.forEach((_, i) => check(`deploy.locations.${i}`, 'integer|min:1'));
    }
    check('start_on_completion', 'sometimes|boolean');
    if (failures.length) throw invalid(failures);
  }

  /** FindViableNodesService + AllocationSelectionService: the first free allocation of a node that fits. */
  function deploy(body: Json): FakePanelAllocation {
    if (body.deploy === undefined || body.deploy === null) return allocations.get(Number(at(body, 'allocation.default')))!;
    const tags = (at(body, 'deploy.tags') as unknown[] | undefined)?.map(String) ?? [];
    const locations = ((at(body, 'deploy.locations') as unknown[] | undefined) ?? []).map(Number);
    const nodes = DEMO_NODES.filter((node) =>
      pelican && tags.length > 0
        ? tags.every((tag) => node.tags.includes(tag))
        : locations.length === 0 || locations.includes(node.locationId),
    );
    if (nodes.length === 0)
      throw failure(
        400,
        'NoViableNodeException',
        'No nodes satisfying the requirements specified for automatic deployment could be found.',
      );
    const ranges = ((at(body, 'deploy.port_range') as unknown[] | undefined) ?? []).map((range) => {
      const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(String(range).trim());
      if (!m) throw failure(400, 'InvalidPortMappingException', `The mapping provided for "${String(range)}" is invalid.`);
      return [Number(m[1]), Number(m[2] ?? m[1])] as const;
    });
    const inRange = (port: number) => ranges.length === 0 || ranges.some(([low, high]) => port >= low && port <= high);
    const free = [...allocations.values()].find((a) => a.serverId === null && nodes.some((n) => n.id === a.nodeId) && inRange(a.port));
    if (!free)
      throw failure(
        400,
        'NoViableAllocationException',
        'No allocations satisfying the requirements specified for automatic deployment were found.',
      );
    return free;
  }

  function storeServer(body: Json): FakePanelServer {
    validateServer(body);
    const allocation = deploy(body);
    const egg = eggs.find((e) => e.id === Number(body.egg))!;
    const environment = (body.environment ?? {}) as Record<string, unknown>;
    const variableFailures = checkEggEnvironment(egg.variables, environment);
    if (variableFailures.length) throw invalid(variableFailures);
    const node = nodeOf(allocation.nodeId);
    const failing = failNext || locationOf(node.id).short === FAILING_LOCATION || node.tags.includes(FAILING_LOCATION);
    failNext = false;
    const id = nextServerId++;
    const now = clock.now();
    const limits = body.limits as Json;
    const features = body.feature_limits as Json;
    const server: FakePanelServer = {
      id,
      uuid: randomUUID(),
      externalId: (body.external_id as string | undefined) ?? null,
      name: body.name as string,
      userId: Number(body.user),
      nodeId: node.id,
      allocationId: allocation.id,
      eggId: egg.id,
      nestId: egg.nest,
      dockerImage: (body.docker_image as string | undefined) ?? Object.values(egg.dockerImages)[0] ?? '',
      startup: (body.startup as string | undefined) ?? egg.startup,
      environment: Object.fromEntries(egg.variables.map((v) => [v.envVariable, String(environment[v.envVariable] ?? '')])),
      limits: {
        memory: Number(limits.memory),
        swap: Number(limits.swap),
        disk: Number(limits.disk),
        io: Number(limits.io),
        cpu: Number(limits.cpu),
        threads: (limits.threads as string | undefined) ?? null,
      },
      featureLimits: {
        databases: Number(features.databases ?? 0),
        allocations: Number(features.allocations ?? 0),
        backups: Number(features.backups ?? 0),
      },
      installDoneAt: new Date(now.getTime() + installMs),
      installFails: failing,
      suspended: false,
      startOnCompletion: body.start_on_completion === true,
      createdAt: now,
    };
    servers.set(id, server);
    allocation.serverId = id;
    return server;
  }

  const serverById = (id: string) => {
    const server = /^\d+$/.test(id) ? servers.get(Number(id)) : undefined;
    if (!server) throw notFound();
    return server;
  };

  // ---- Routing ----

  /** Answers one call, or throws a PanelError; 'crash' drops the connection after the work is done. */
  function route(method: string, path: string, query: Record<string, string>, headers: IncomingHttpHeaders, body: Json): Answer | 'crash' {
    const includes = new Set((query.include ?? '').split(',').filter(Boolean));
    const parts = path.split('/').filter(Boolean);
    const [area, first, second] = parts;
    const is = (m: string, length: number) => method === m && parts.length === length;

    if (area === 'users') {
      authorize(headers, 'users', method === 'GET' ? 'read' : 'read-write');
      if (is('GET', 1)) {
        const list = [...users.values()].filter(
          (u) =>
            matches(u.email, query['filter[email]']) &&
            matches(u.externalId, query['filter[external_id]']) &&
            matches(u.username, query['filter[username]']) &&
            matches(u.uuid, query['filter[uuid]']),
        );
        return { status: 200, body: page(list.map(userJson), query, path) };
      }
      if (is('GET', 3) && first === 'external') {
        const user = [...users.values()].find((u) => u.externalId === decodeURIComponent(second!));
        if (!user) throw notFound();
        return { status: 200, body: userJson(user) };
      }
      if (is('GET', 2)) {
        const user = /^\d+$/.test(first!) ? users.get(Number(first)) : undefined;
        if (!user) throw notFound();
        return { status: 200, body: userJson(user) };
      }
      if (is('POST', 1)) return storeUser(body);
      if (is('PATCH', 2)) {
        const user = /^\d+$/.test(first!) ? users.get(Number(first)) : undefined;
        if (!user) throw notFound();
        return updateUser(user, body);
      }
    }

    if (area === 'servers') {
      authorize(headers, 'servers', method === 'GET' ? 'read' : 'read-write');
      if (is('GET', 1)) {
        const list = [...servers.values()].filter(
          (s) => matches(s.externalId, query['filter[external_id]']) && matches(s.name, query['filter[name]']),
        );
        return {
          status: 200,
          body: page(
            list.map((s) => serverJson(s, includes)),
            query,
            path,
          ),
        };
      }
      if (is('GET', 3) && first === 'external') {
        const server = [...servers.values()].find((s) => s.externalId === decodeURIComponent(second!));
        if (!server) throw notFound();
        return { status: 200, body: serverJson(server, includes) };
      }
      if (is('GET', 2)) return { status: 200, body: serverJson(serverById(first!), includes) };
      if (is('POST', 1)) {
        const server = storeServer(body);
        if (crashNext) {
          crashNext = false;
          return 'crash';
        }
        return { status: 201, body: serverJson(server, includes) };
      }
      if (is('POST', 3) && (second === 'suspend' || second === 'unsuspend')) {
        serverById(first!).suspended = second === 'suspend';
        return { status: 204 };
      }
      if (method === 'DELETE' && (parts.length === 2 || (parts.length === 3 && second === 'force'))) {
        const server = serverById(first!);
        servers.delete(server.id);
        for (const allocation of allocations.values()) if (allocation.serverId === server.id) allocation.serverId = null;
        return { status: 204 };
      }
    }

    if (area === 'nests' && !pelican) {
      authorize(headers, 'nests', 'read');
      if (is('GET', 1)) {
        const nests = DEMO_NESTS.map((n) =>
          item('nest', {
            id: n.id,
            uuid: `00000000-0000-4000-a000-${String(n.id).padStart(12, '0')}`,
            author: 'support@pterodactyl.io',
            name: n.name,
            description: null,
            created_at: stamp(created),
            updated_at: stamp(created),
          }),
        );
        return { status: 200, body: page(nests, query, path) };
      }
      if (method === 'GET' && second === 'eggs' && (parts.length === 3 || parts.length === 4)) {
        authorize(headers, 'eggs', 'read');
        if (!DEMO_NESTS.some((n) => String(n.id) === first)) throw notFound();
        const own = eggs.filter((e) => String(e.nest) === first);
        if (parts.length === 3)
          return {
            status: 200,
            body: page(
              own.map((e) => eggJson(e, includes)),
              query,
              path,
            ),
          };
        const egg = own.find((e) => String(e.id) === parts[3]);
        if (!egg) throw notFound();
        return { status: 200, body: eggJson(egg, includes) };
      }
    }

    if (area === 'eggs' && pelican) {
      authorize(headers, 'eggs', 'read');
      if (is('GET', 1))
        return {
          status: 200,
          body: page(
            eggs.map((e) => eggJson(e, includes)),
            query,
            path,
          ),
        };
      if (is('GET', 2)) {
        const egg = eggs.find((e) => String(e.id) === first);
        if (!egg) throw notFound();
        return { status: 200, body: eggJson(egg, includes) };
      }
    }

    if (area === 'locations' && !pelican && is('GET', 1)) {
      authorize(headers, 'locations', 'read');
      const locations = DEMO_LOCATIONS.map((l) => item('location', { ...l, created_at: stamp(created), updated_at: stamp(created) }));
      return { status: 200, body: page(locations, query, path) };
    }

    if (area === 'nodes' && is('GET', 1)) {
      authorize(headers, 'nodes', 'read');
      return { status: 200, body: page(DEMO_NODES.map(nodeJson), query, path) };
    }

    throw notFound();
  }

  const send = (res: ServerResponse, record: FakePanelRequest, answer: Answer) => {
    record.status = answer.status;
    if (answer.raw !== undefined) {
      res.writeHead(answer.status, answer.headers ?? {});
      return res.end(answer.raw);
    }
    if (answer.status === 204) {
      res.writeHead(204, answer.headers ?? {});
      return res.end();
    }
    if (Buffer.isBuffer(answer.body)) {
      // The node's files (a backup's archive): bytes as they are.
      res.writeHead(answer.status, { 'Content-Length': String(answer.body.length), ...answer.headers });
      return res.end(answer.body);
    }
    res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  };

  const DOWN: Record<Exclude<PterodactylDownMode, 'network' | 'hang'>, Answer> = {
    error: {
      status: 500,
      body: {
        errors: [
          {
            code: 'QueryException',
            status: '500',
            detail: 'An unexpected error was encountered while processing this request, please try again.',
          },
        ],
      },
    },
    maintenance: { status: 503, body: { errors: [{ code: 'HttpException', status: '503', detail: 'Service Unavailable' }] } },
    'rate-limited': {
      status: 429,
      headers: { 'Retry-After': '60' },
      body: { errors: [{ code: 'ThrottleRequestsException', status: '429', detail: 'Too Many Attempts.' }] },
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const text = raw.toString('utf8');
    let body: Json = {};
    try {
      const parsed: unknown = text === '' ? {} : JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Json;
    } catch {
      // Laravel reads a body it cannot parse as no input at all.
    }
    const url = new URL(req.url ?? '/', baseUrl);
    const record: FakePanelRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: text === '' ? undefined : body,
      status: 0,
    };
    requests.push(record);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));

    if (downMode === 'network') return req.socket.destroy();
    if (downMode === 'hang') return void held.add(res);
    if (downMode) return send(res, record, DOWN[downMode]);

    const prefix = '/api/application';
    try {
      const fromNode = clientApi.node(record.method, url.pathname, record.query);
      if (fromNode) return send(res, record, fromNode);
      // The node's signed download and upload URLs (the token in the URL is the only key).
      const onNode = await answerNode(clientState, {
        method: record.method,
        path: url.pathname,
        query: record.query,
        raw,
        contentType: req.headers['content-type'],
      });
      if (onNode) return send(res, record, onNode);
      if (url.pathname.startsWith('/api/client/')) {
        return send(
          res,
          record,
          clientApi.route(record.method, url.pathname.slice('/api/client'.length), record.query, req.headers, body, raw),
        );
      }
      if (!url.pathname.startsWith(`${prefix}/`)) throw notFound();
      const answer = route(record.method, url.pathname.slice(prefix.length), record.query, req.headers, body);
      if (answer === 'crash') return req.socket.destroy();
      send(res, record, answer);
    } catch (err) {
      if (err instanceof PanelError) return send(res, record, err.answer);
      throw err;
    }
  }

  // The client API (/api/client): what the customer panel drives, with the admin's client key.
  const clientState: ClientApiState = { clientKey, applicationKey, clock, servers, statusOf, nodeOf, url: () => baseUrl };
  const clientApi = createClientApi(clientState);

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ code: 'Error', status: '500', detail: String(err) }] }));
    });
  });
  // The node's socket (as Wings serves it), down and slow with the rest of the fake.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void (async () => {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      if (downMode === 'network' || downMode === 'hang') return socket.destroy();
      if (downMode) return socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      if (!clientApi.upgrade(req, socket, head)) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const release = () => {
    for (const res of held) {
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(DOWN.maintenance.body));
    }
    held.clear();
  };

  return {
    url: baseUrl,
    applicationKey,
    clientKey,
    flavour,
    requests,
    users,
    servers,
    allocations,
    eggs,
    addUser,
    fileOf(serverId, path) {
      const s = servers.get(serverId);
      if (!s) throw new Error(`Pterodactyl fake: no server ${serverId}`);
      return fakeFileOf(clientState, s, path);
    },
    statusOf(id) {
      const s = servers.get(id);
      if (!s) throw new Error(`Pterodactyl fake: no server ${id}`);
      return statusOf(s);
    },
    failNextInstall() {
      failNext = true;
    },
    crashAfterNextCreate() {
      crashNext = true;
    },
    down(on, how = 'error') {
      downMode = on ? how : null;
      if (!on) release();
    },
    latency(ms) {
      latencyMs = ms;
    },
    setPermissions(changes) {
      Object.assign(permissions, changes);
    },
    consoles: clientApi.consoles,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        clientApi.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
