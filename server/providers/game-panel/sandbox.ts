import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { systemClock } from '../../clock/clock';
import { DEMO_EGGS, DEMO_LOCATIONS, DEMO_NESTS, DEMO_NODES, FAILING_LOCATION, type DemoNode } from './demo-catalogue';
import { checkEggEnvironment, checkRules, panelUsername, type FieldFailure } from './panel-validation';
import {
  deleteSandboxServer,
  findSandboxServer,
  findSandboxUserId,
  insertSandboxServer,
  insertSandboxUser,
  sandboxUserExists,
  setSandboxServerSuspended,
  type SandboxServerRow,
} from './sandbox.repo';
import { GamePanelNotFound, GamePanelRefused, type GamePanelAdapter, type GameServerSpec, type GameServerState } from './types';

// The game panel without a key: the demo catalogue (demo-catalogue.ts) and servers kept in the
// database, so every instance of the app sees the same ones. It answers as the real panel does: one
// server per external id (a second create is refused 422), the egg's variables checked against
// their rules, a location without nodes refused 400. An install takes a few seconds: its end is
// stored and the state read from it, on the injected clock; a server placed in location (or on
// tag) `fail` ends `install_failed`. It takes Pterodactyl's locations and Pelican's tags alike.

export interface SandboxPanelOptions {
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
  /** How long an install takes. */
  installMs?: number;
}

export const DEFAULT_SANDBOX_INSTALL_MS = 5000;
const DEFAULT_PORTS: [number, number][] = [[25565, 25664]];
/** Two creates may want the same port at once: the one that loses tries the next free one. */
const PORT_ATTEMPTS = 5;

const validation = (failures: FieldFailure[]) =>
  new GamePanelRefused(
    422,
    failures.map(({ field, rule, detail }) => ({ code: 'ValidationException', status: '422', detail, field, rule })),
  );

const deployment = (code: string, detail: string) => new GamePanelRefused(400, [{ code, status: '400', detail }]);

/** The status as the panel shows it now: suspended first, then the install. */
function stateOf(row: SandboxServerRow, now: Date): GameServerState {
  let status: GameServerState['status'] = null;
  if (row.suspended) status = 'suspended';
  else if (now < row.install_done_at) status = 'installing';
  else if (row.install_fails) status = 'install_failed';
  return {
    id: row.id,
    identifier: row.identifier,
    externalId: row.external_id,
    status,
    suspended: row.suspended,
    allocation: { host: row.host, port: row.port },
  };
}

/** The nodes the target allows: those in one of the locations, or carrying every tag. */
function nodesFor(deploy: GameServerSpec['deploy']): DemoNode[] {
  if (deploy.tags?.length) return DEMO_NODES.filter((node) => deploy.tags!.every((tag) => node.tags.includes(tag)));
  return DEMO_NODES.filter((node) => deploy.locations?.includes(node.locationId));
}

/** `25565-25600` or `25570`, as the panel reads a port range. */
function portRanges(ranges: string[] | undefined): [number, number][] {
  if (!ranges?.length) return DEFAULT_PORTS;
  return ranges.map((range) => {
    const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(range.trim());
    if (!match) throw deployment('InvalidPortMappingException', `The mapping provided for "${range}" is invalid.`);
    return [Number(match[1]), Number(match[2] ?? match[1])];
  });
}

/** StoreServerRequest's checks the sandbox can make (the types are ours already). */
function requestFailures(spec: GameServerSpec): FieldFailure[] {
  const fields: [string, unknown, string][] = [
    ['name', spec.name, 'required|string|min:1|max:191'],
    ['docker_image', spec.dockerImage, 'required|string|max:191|regex:/^~?[\\w\\.\\/\\-:@ ]*$/'],
    ['startup', spec.startup, 'required|string'],
    ['limits.memory', spec.limits.memory, 'required|numeric|min:0'],
    ['limits.swap', spec.limits.swap, 'required|numeric|min:-1'],
    ['limits.disk', spec.limits.disk, 'required|numeric|min:0'],
    ['limits.io', spec.limits.io, 'required|numeric|between:10,1000'],
    ['limits.cpu', spec.limits.cpu, 'required|numeric|min:0'],
    ['feature_limits.databases', spec.featureLimits.databases, 'present|nullable|integer|min:0'],
    ['feature_limits.allocations', spec.featureLimits.allocations, 'sometimes|nullable|integer|min:0'],
    ['feature_limits.backups', spec.featureLimits.backups, 'present|nullable|integer|min:0'],
  ];
  return fields.flatMap(([field, value, rules]) =>
    checkRules(value, rules, field.replace(/_/g, ' ')).map((failure) => ({ field, ...failure })),
  );
}

export function createSandboxGamePanel(db: Knex, options: SandboxPanelOptions = {}): GamePanelAdapter {
  const now = options.now ?? (() => systemClock.now());
  const installMs = options.installMs ?? DEFAULT_SANDBOX_INSTALL_MS;

  const taken = (): FieldFailure => ({ field: 'external_id', rule: 'unique', detail: 'The external id has already been taken.' });

  async function validate(spec: GameServerSpec) {
    const failures: FieldFailure[] = [];
    if (await findSandboxServer(db, { externalId: spec.externalId })) failures.push(taken());
    if (!(await sandboxUserExists(db, spec.userId)))
      failures.push({ field: 'user', rule: 'exists', detail: 'The selected user is invalid.' });
    if (!DEMO_EGGS.some((egg) => egg.id === spec.egg))
      failures.push({ field: 'egg', rule: 'exists', detail: 'The selected egg is invalid.' });
    failures.push(...requestFailures(spec));
    if (failures.length) throw validation(failures);
  }

  return {
    mode: 'sandbox',
    flavour: 'pterodactyl',

    async findOrCreateUser(input) {
      const find = async () =>
        (await findSandboxUserId(db, { externalId: input.externalId })) ?? (await findSandboxUserId(db, { email: input.email }));
      const found = await find();
      if (found !== null) return { id: found };
      const username = panelUsername(input.username, input.externalId);
      const id = await insertSandboxUser(db, { ...input, username }, now());
      // Null: another instance made this user meanwhile.
      const made = id ?? (await find());
      if (made === null) throw new Error(`sandbox panel: user ${input.externalId} neither made nor found`);
      return { id: made };
    },

    async findServerByExternalId(externalId) {
      const row = await findSandboxServer(db, { externalId });
      return row ? stateOf(row, now()) : null;
    },

    async createServer(spec) {
      await validate(spec);
      const nodes = nodesFor(spec.deploy);
      if (nodes.length === 0) {
        throw deployment(
          'NoViableNodeException',
          'No nodes satisfying the requirements specified for automatic deployment could be found.',
        );
      }
      const ports = portRanges(spec.deploy.portRange);
      const egg = DEMO_EGGS.find((e) => e.id === spec.egg)!;
      const variableFailures = checkEggEnvironment(egg.variables, spec.environment);
      if (variableFailures.length) throw validation(variableFailures);

      for (let attempt = 0; attempt < PORT_ATTEMPTS; attempt += 1) {
        for (const node of nodes) {
          const location = DEMO_LOCATIONS.find((l) => l.id === node.locationId)!.short;
          const at = now();
          const row = await insertSandboxServer(
            db,
            {
              identifier: randomBytes(4).toString('hex'),
              externalId: spec.externalId,
              name: spec.name,
              userId: spec.userId,
              eggId: spec.egg,
              dockerImage: spec.dockerImage,
              startup: spec.startup,
              environment: spec.environment,
              limits: spec.limits,
              featureLimits: spec.featureLimits,
              location,
              host: node.alias,
              ip: node.ip,
              installFails: location === FAILING_LOCATION || node.tags.includes(FAILING_LOCATION),
              installDoneAt: new Date(at.getTime() + installMs),
            },
            ports,
            at,
          );
          if (row) return stateOf(row, at);
          // Another create with this external id won the race: refused as the panel's unique rule does.
          if (await findSandboxServer(db, { externalId: spec.externalId })) throw validation([taken()]);
        }
      }
      throw deployment(
        'NoViableAllocationException',
        'No allocations satisfying the requirements specified for automatic deployment were found.',
      );
    },

    async getServer(id) {
      const row = await findSandboxServer(db, { id });
      if (!row) throw new GamePanelNotFound(`server ${id}`);
      return stateOf(row, now());
    },

    async suspend(id) {
      if (!(await setSandboxServerSuspended(db, id, true, now()))) throw new GamePanelNotFound(`server ${id}`);
    },

    async unsuspend(id) {
      if (!(await setSandboxServerSuspended(db, id, false, now()))) throw new GamePanelNotFound(`server ${id}`);
    },

    async deleteServer(id) {
      await deleteSandboxServer(db, id);
    },

    async catalogue() {
      return {
        flavour: 'pterodactyl',
        nests: DEMO_NESTS.map(({ id, name }) => ({ id, name })),
        eggs: DEMO_EGGS,
        locations: DEMO_LOCATIONS.map(({ id, short, long }) => ({ id, short, long })),
        tags: [...new Set(DEMO_NODES.flatMap((node) => node.tags))].sort(),
      };
    },
  };
}
