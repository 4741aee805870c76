import { consoleTicketAnswerSchema, gameResourcesAnswerSchema, powerAnswerSchema, powerSignalSchema } from '../schemas/game-console';
import { serviceParams } from '../schemas/services';
import { endpoint } from './endpoint';

/**
 * A game server's live side (issue 33): power, resources, and the ticket that opens its console
 * socket (`/api/services/{id}/console`, a WebSocket on the same origin: see schemas/game-console.ts).
 */
export const gameConsoleApi = {
  ticket: endpoint({
    method: 'post',
    path: '/api/services/{id}/console/ticket',
    summary:
      'A one-minute, single-use ticket for the console socket of the caller’s game server; 409 when suspended or ended, 429 consoles_limit with 3 consoles already open',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    response: consoleTicketAnswerSchema,
    status: 201,
  }),
  power: endpoint({
    method: 'post',
    path: '/api/services/{id}/power',
    summary: 'Starts, stops, restarts or kills the caller’s game server (the panel’s power signal); audited',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    body: powerSignalSchema,
    response: powerAnswerSchema,
    status: 202,
  }),
  resources: endpoint({
    method: 'get',
    path: '/api/services/{id}/resources',
    summary: 'The game server’s state and live resources: CPU, memory, disk, network, uptime',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    response: gameResourcesAnswerSchema,
  }),
};
