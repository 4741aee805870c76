// The fake panel's client API (`/api/client`, routes/api-client.php in ../shared/providers/pterodactyl),
// as the shop drives it with a panel administrator's client key (`ptlc_…`): a root admin reaches
// every server, named by its short identifier (the first 8 characters of its uuid) or its uuid.
// Each area (power and resources, files, backups, schedules, the websocket's token) is a module of
// its own in this folder, listed in CLIENT_AREAS; the server's own view is here.
import type { IncomingHttpHeaders } from 'node:http';
import type { DemoNode } from '../../../server/providers/game-panel/demo-catalogue';
import { failure, notFound, type Answer, type Json } from '../pterodactyl-wire';
import { filesArea } from './files';
import type { FakeClock, FakePanelServer } from '../pterodactyl';
import { backupDownloadRoute, backupsArea } from './backups';
import { schedulesArea } from './schedules';
import { powerArea } from './power';
import { createFakeConsoles, websocketArea } from './websocket';

export interface ClientApiState {
  clientKey: string;
  applicationKey: string;
  clock: FakeClock;
  /** The fake's own address (http://127.0.0.1:port): it answers as the node (Wings) too, its socket and signed URLs. */
  url(): string;
  servers: Map<number, FakePanelServer>;
  statusOf(server: FakePanelServer): 'installing' | 'install_failed' | 'suspended' | null;
  nodeOf(id: number): DemoNode;
}

/** One call on one server: `parts` is the path after `/servers/{identifier}` (e.g. ['files', 'list']). */
export interface ClientCall {
  method: string;
  parts: string[];
  query: Record<string, string>;
  body: Json;
  /** The body's bytes as sent (a file write is raw text, not JSON). */
  raw: Buffer;
  server: FakePanelServer;
}

/** An area of the client API: its answer to a call it owns, undefined for one it does not. */
export type ClientArea = (call: ClientCall, state: ClientApiState) => Answer | undefined;

/** A path the node (Wings) serves outside the panel's API, e.g. a signed download; undefined for another. */
export type NodeRoute = (method: string, path: string, query: Record<string, string>, state: ClientApiState) => Answer | undefined;

const CLIENT_AREAS: ClientArea[] = [filesArea, backupsArea, schedulesArea, powerArea, websocketArea];
const NODE_ROUTES: NodeRoute[] = [backupDownloadRoute];

/** The panel's `uuidShort`. */
export const identifierOf = (server: FakePanelServer) => server.uuid.slice(0, 8);

export function createClientApi(state: ClientApiState) {
  function authorize(headers: IncomingHttpHeaders) {
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    // An application key is not an account's key: the client API does not know it.
    if (token !== state.clientKey) throw failure(401, 'AuthenticationException', 'Unauthenticated.');
  }

  function serverNamed(identifier: string | undefined): FakePanelServer {
    const server = [...state.servers.values()].find((s) => identifierOf(s) === identifier || s.uuid === identifier);
    if (!server) throw notFound();
    return server;
  }

  /** ServerTransformer (client): the fields the shop reads. */
  function serverJson(server: FakePanelServer): Json {
    const node = state.nodeOf(server.nodeId);
    const status = state.statusOf(server);
    return {
      object: 'server',
      attributes: {
        server_owner: false,
        identifier: identifierOf(server),
        internal_id: server.id,
        uuid: server.uuid,
        name: server.name,
        node: node.name,
        is_node_under_maintenance: false,
        sftp_details: { ip: node.fqdn, port: 2022 },
        description: '',
        limits: { ...server.limits, oom_disabled: true },
        docker_image: server.dockerImage,
        feature_limits: server.featureLimits,
        status,
        is_suspended: status === 'suspended',
        is_installing: status === 'installing' || status === 'install_failed',
        is_transferring: false,
      },
    };
  }

  // The node's console socket, served by the fake itself (websocket.ts).
  const sockets = createFakeConsoles(state);

  return {
    /** The node's own answer to `path` (a signed download), or undefined when the node serves no such path. */
    node(method: string, path: string, query: Record<string, string>): Answer | undefined {
      for (const answer of NODE_ROUTES) {
        const found = answer(method, path, query, state);
        if (found) return found;
      }
      return undefined;
    },
    upgrade: sockets.upgrade,
    consoles: sockets.consoles,
    close: sockets.close,
    /** Answers `path` (after `/api/client`), or throws a PanelError. */
    route(
      method: string,
      path: string,
      query: Record<string, string>,
      headers: IncomingHttpHeaders,
      body: Json,
      raw: Buffer = Buffer.alloc(0),
    ): Answer {
      authorize(headers);
      const [area, identifier, ...parts] = path.split('/').filter(Boolean);
      if (area !== 'servers') throw notFound();
      const server = serverNamed(identifier);
      if (parts.length === 0 && method === 'GET') return { status: 200, body: serverJson(server) };
      // SuspendedServer middleware (ServerSubject): every action on a suspended server is refused.
      if (state.statusOf(server) === 'suspended')
        throw failure(
          409,
          'ServerStateConflictException',
          'This server is currently suspended and the functionality requested is unavailable.',
        );
      for (const answer of CLIENT_AREAS) {
        const found = answer({ method, parts, query, body, raw, server }, state);
        if (found) return found;
      }
      throw notFound();
    },
  };
}
