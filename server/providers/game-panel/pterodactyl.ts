import {
  GamePanelRefused,
  GamePanelUnavailable,
  type GamePanelAdapter,
  type GameServerSpec,
  type GameServerState,
  type PanelCatalogue,
  type PanelEgg,
  type PanelFlavour,
  type PanelUserInput,
} from './types';
import { createPanelCall } from './panel-call';
import { panelUsername } from './panel-validation';

// Pterodactyl's application API (`/api/application`, an application key `ptla_…`), or Pelican's,
// which keeps its paths but has no nests and no locations: eggs at `/eggs`, deployment by node
// tags. Plain fetch with a deadline. Answers are `{object, attributes}` items and `{object: 'list',
// data, meta.pagination}` lists; errors are `{errors: [{code, status, detail, meta?}]}`
// (app/Exceptions/Handler.php in ../shared/providers/pterodactyl).

export interface PterodactylAdapterConfig {
  /** The panel's address, e.g. https://panel.example.com (without /api/application). */
  url: string;
  /** An application key: `ptla_…` (Pterodactyl) or `peli_…` (Pelican). */
  applicationKey: string;
  /** A panel administrator's client key (`ptlc_…`): the customer panel's console, power, files, backups. */
  clientKey?: string;
  flavour?: PanelFlavour;
  /** How long one call may take; 10 s unless said otherwise. */
  timeoutMs?: number;
}

export const DEFAULT_PANEL_TIMEOUT_MS = 10_000;
const PAGE_SIZE = 100;

interface Item<A> {
  object: string;
  attributes: A;
}
interface List<A> {
  object: 'list';
  data: Item<A>[];
  meta?: { pagination?: { current_page: number; total_pages: number } };
}

interface AllocationAttributes {
  id: number;
  ip: string;
  alias: string | null;
  port: number;
}
interface ServerAttributes {
  id: number;
  external_id: string | null;
  identifier: string;
  status: GameServerState['status'];
  suspended: boolean;
  allocation: number;
  relationships?: { allocations?: { object: string; data?: Item<AllocationAttributes>[] } };
}
interface UserAttributes {
  id: number;
  email: string;
  external_id: string | null;
}
interface EggAttributes {
  id: number;
  nest?: number;
  name: string;
  docker_images: Record<string, string>;
  startup: string;
  relationships?: {
    variables?: { data?: Item<{ env_variable: string; name: string; default_value: string | null; rules: string }>[] };
  };
}

function toState(attributes: ServerAttributes): GameServerState {
  const allocations = attributes.relationships?.allocations?.data ?? [];
  const chosen = allocations.find((a) => a.attributes.id === attributes.allocation)?.attributes;
  return {
    id: attributes.id,
    identifier: attributes.identifier,
    externalId: attributes.external_id,
    status: attributes.status,
    suspended: attributes.suspended,
    allocation: chosen ? { host: chosen.alias || chosen.ip, port: chosen.port } : null,
  };
}

function toEgg(attributes: EggAttributes, flavour: PanelFlavour): PanelEgg {
  return {
    id: attributes.id,
    nest: flavour === 'pelican' ? null : (attributes.nest ?? null),
    name: attributes.name,
    dockerImages: attributes.docker_images ?? {},
    startup: attributes.startup,
    variables: (attributes.relationships?.variables?.data ?? []).map(({ attributes: v }) => ({
      envVariable: v.env_variable,
      name: v.name,
      defaultValue: v.default_value ?? '',
      rules: v.rules,
    })),
  };
}

/** The deploy target the flavour places by, checked before any call: an empty one would mean "any node". */
function deployOf(spec: GameServerSpec, flavour: PanelFlavour) {
  const port_range = spec.deploy.portRange ?? [];
  if (flavour === 'pelican') {
    if (!spec.deploy.tags?.length) {
      throw new GamePanelRefused(422, [
        {
          code: 'ValidationException',
          detail: 'Pelican deploys by node tags: give at least one tag.',
          field: 'deploy.tags',
          rule: 'required',
        },
      ]);
    }
    // `locations` is deprecated there but still has to be present.
    return { tags: spec.deploy.tags, locations: [], dedicated_ip: false, port_range };
  }
  if (!spec.deploy.locations?.length) {
    throw new GamePanelRefused(422, [
      {
        code: 'ValidationException',
        detail: 'Pterodactyl deploys by location: give at least one location id.',
        field: 'deploy.locations',
        rule: 'required',
      },
    ]);
  }
  return { locations: spec.deploy.locations, dedicated_ip: false, port_range };
}

export function createPterodactylAdapter(config: PterodactylAdapterConfig): GamePanelAdapter {
  const flavour = config.flavour ?? 'pterodactyl';
  const timeoutMs = config.timeoutMs ?? DEFAULT_PANEL_TIMEOUT_MS;
  const base = `${config.url.replace(/\/+$/, '')}/api/application`;
  const panelName = flavour === 'pelican' ? 'Pelican' : 'Pterodactyl';

  const call = createPanelCall({ base, key: config.applicationKey, keyKind: 'application', panelName, timeoutMs });

  async function item<A>(method: string, path: string, options: { body?: unknown; missing?: string } = {}): Promise<A> {
    const answer = await call<Item<A>>(method, path, options);
    if (!answer?.attributes) throw new GamePanelUnavailable(`${method} ${path.split('?')[0]}: ${panelName} answered without attributes`);
    return answer.attributes;
  }

  /** Every page of a list (`meta.pagination`). */
  async function all<A>(path: string): Promise<A[]> {
    const results: A[] = [];
    const joiner = path.includes('?') ? '&' : '?';
    for (let page = 1; ; page += 1) {
      const list = await call<List<A>>('GET', `${path}${joiner}per_page=${PAGE_SIZE}&page=${page}`);
      results.push(...(list?.data ?? []).map((entry) => entry.attributes));
      const pagination = list?.meta?.pagination;
      if (!pagination || pagination.current_page >= pagination.total_pages) return results;
    }
  }

  const segment = encodeURIComponent;

  async function userByExternalId(externalId: string) {
    return call<Item<UserAttributes>>('GET', `/users/external/${segment(externalId)}`, { missing: 'null' });
  }

  /** The panel's e-mail filter matches part of the address: only the exact one (any case) is ours. */
  async function userByEmail(email: string) {
    const found = await all<UserAttributes>(`/users?filter[email]=${segment(email)}`);
    return found.find((user) => user.email.toLowerCase() === email.toLowerCase()) ?? null;
  }

  async function findUser(input: PanelUserInput): Promise<{ id: number } | null> {
    const byExternalId = await userByExternalId(input.externalId);
    if (byExternalId) return { id: byExternalId.attributes.id };
    const byEmail = await userByEmail(input.email);
    return byEmail ? { id: byEmail.id } : null;
  }

  async function createUser(input: PanelUserInput, username: string) {
    return item<UserAttributes>('POST', '/users', {
      body: {
        external_id: input.externalId,
        email: input.email,
        username,
        first_name: input.firstName || input.email,
        last_name: input.lastName || '-',
      },
    });
  }

  const takenField = (err: unknown, field: string) =>
    err instanceof GamePanelRefused && err.errors.some((e) => e.field === field && e.rule === 'unique');

  const adapter: GamePanelAdapter = {
    mode: 'live',
    flavour,

    async findOrCreateUser(input) {
      const found = await findUser(input);
      if (found) return found;
      const username = panelUsername(input.username, input.externalId);
      try {
        return { id: (await createUser(input, username)).id };
      } catch (err) {
        // Another worker created this user meanwhile: take it.
        if (takenField(err, 'external_id') || takenField(err, 'email')) {
          const raced = await findUser(input);
          if (raced) return raced;
        }
        // Someone else on the panel has the username: ours, made unique by our id.
        if (takenField(err, 'username')) {
          return { id: (await createUser(input, panelUsername(`${username}.${input.externalId}`, input.externalId))).id };
        }
        throw err;
      }
    },

    async findServerByExternalId(externalId) {
      const answer = await call<Item<ServerAttributes>>('GET', `/servers/external/${segment(externalId)}?include=allocations`, {
        missing: 'null',
      });
      return answer ? toState(answer.attributes) : null;
    },

    async createServer(spec) {
      const body = {
        external_id: spec.externalId,
        name: spec.name,
        user: spec.userId,
        egg: spec.egg,
        docker_image: spec.dockerImage,
        startup: spec.startup,
        environment: spec.environment,
        limits: spec.limits,
        feature_limits: spec.featureLimits,
        deploy: deployOf(spec, flavour),
        start_on_completion: true,
      };
      return toState(await item<ServerAttributes>('POST', '/servers?include=allocations', { body }));
    },

    async getServer(id) {
      return toState(await item<ServerAttributes>('GET', `/servers/${id}?include=allocations`, { missing: `server ${id}` }));
    },

    async suspend(id) {
      await call('POST', `/servers/${id}/suspend`, { missing: `server ${id}` });
    },

    async unsuspend(id) {
      await call('POST', `/servers/${id}/unsuspend`, { missing: `server ${id}` });
    },

    async deleteServer(id) {
      await call('DELETE', `/servers/${id}`, { missing: 'null' });
    },

    async catalogue(): Promise<PanelCatalogue> {
      if (flavour === 'pelican') {
        const [eggs, nodes] = await Promise.all([all<EggAttributes>('/eggs?include=variables'), all<{ tags?: unknown }>('/nodes')]);
        const tags = [...new Set(nodes.flatMap((node) => (Array.isArray(node.tags) ? node.tags.map(String) : [])))].sort();
        return { flavour, nests: [], eggs: eggs.map((egg) => toEgg(egg, flavour)), locations: [], tags };
      }
      const [nests, locations] = await Promise.all([
        all<{ id: number; name: string }>('/nests'),
        all<{ id: number; short: string; long: string | null }>('/locations'),
      ]);
      const eggs = (await Promise.all(nests.map((nest) => all<EggAttributes>(`/nests/${nest.id}/eggs?include=variables`)))).flat();
      return {
        flavour,
        nests: nests.map(({ id, name }) => ({ id, name })),
        eggs: eggs.map((egg) => toEgg(egg, flavour)),
        locations: locations.map(({ id, short, long }) => ({ id, short, long })),
        tags: [],
      };
    },
  };
  return adapter;
}
