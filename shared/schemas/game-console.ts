import { z } from 'zod';

// A game server's live side in the panel (issue 33): power, resources and the console socket.

export const POWER_SIGNALS = ['start', 'stop', 'restart', 'kill'] as const;
export type PowerSignal = (typeof POWER_SIGNALS)[number];

/** The node's (Wings') states. */
export const GAME_POWER_STATES = ['offline', 'starting', 'running', 'stopping'] as const;
export type GamePowerState = (typeof GAME_POWER_STATES)[number];

export const powerSignalSchema = z.object({ signal: z.enum(POWER_SIGNALS, { error: 'panel.console.power.invalid' }) });
export type PowerSignalInput = z.input<typeof powerSignalSchema>;

export const powerAnswerSchema = z.object({ signal: z.enum(POWER_SIGNALS) });

export const gameResourcesSchema = z.object({
  state: z.enum(GAME_POWER_STATES),
  /** Of one core: 150 is one core and a half. */
  cpuPercent: z.number().nonnegative(),
  memoryBytes: z.number().int().nonnegative(),
  memoryLimitBytes: z.number().int().positive().nullable(),
  diskBytes: z.number().int().nonnegative(),
  diskLimitBytes: z.number().int().positive().nullable(),
  networkRxBytes: z.number().int().nonnegative(),
  networkTxBytes: z.number().int().nonnegative(),
  uptimeSeconds: z.number().int().nonnegative(),
});
export type GameResourcesDto = z.infer<typeof gameResourcesSchema>;
export const gameResourcesAnswerSchema = z.object({ resources: gameResourcesSchema });

/** One minute, single use, for this customer and this service only. */
export const consoleTicketAnswerSchema = z.object({ ticket: z.string() });
export const CONSOLE_TICKET_TTL_MS = 60_000;

/** At most this many consoles open at once per customer, across their servers and tabs. */
export const CONSOLES_PER_CUSTOMER = 3;

/**
 * The console socket at /api/services/{id}/console speaks the node's own shape, JSON `{event, args}`.
 * The browser sends `auth` with its ticket first and gets `auth success`; then `send command`,
 * `set state`, `send logs`, `send stats`. It receives the node's `console output`, `status`, `stats`
 * (args[0] a JSON string), `install output`, `daemon message`, and `console error` with one of
 * CONSOLE_ERRORS before the socket closes with CONSOLE_CLOSE_CODE.
 */
export const CONSOLE_ERRORS = [
  'ticket_invalid',
  'consoles_limit',
  'service_suspended',
  'service_terminated',
  'panel_unavailable',
  'panel_client_key_missing',
  'console_closed',
  'auth_timeout',
  'too_many_messages',
] as const;
export type ConsoleError = (typeof CONSOLE_ERRORS)[number];

/** The socket's close code after a `console error` (4000–4999: the application's own). */
export const CONSOLE_CLOSE_CODE = 4000;

export const consoleSocketPath = (serviceId: number | string) => `/api/services/${serviceId}/console`;
