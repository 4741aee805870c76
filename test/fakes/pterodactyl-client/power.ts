// Power, resources and commands (routes/api-client.php): POST /power {signal} (SendPowerRequest),
// GET /resources (StatsTransformer), POST /command {command}. The node runs them (runtime.ts).
import { failure, PanelError, type Answer } from '../pterodactyl-wire';
import type { ClientApiState, ClientCall } from './index';
import { runtimeOf } from './runtime';

const SIGNALS = ['start', 'stop', 'restart', 'kill'];

const invalid = (field: string, rule: string, detail: string): never => {
  throw new PanelError({
    status: 422,
    body: { errors: [{ code: 'ValidationException', status: '422', detail, meta: { source_field: field, rule } }] },
  });
};

export function powerArea(call: ClientCall, state: ClientApiState): Answer | undefined {
  const [what, ...rest] = call.parts;
  if (rest.length > 0) return undefined;
  const runtime = runtimeOf(state);
  const node = runtime.serverOf(call.server);

  if (what === 'power' && call.method === 'POST') {
    const signal = call.body.signal;
    if (typeof signal !== 'string' || !SIGNALS.includes(signal)) invalidSignal(signal);
    runtime.power(node, signal as string);
    return { status: 204 };
  }

  if (what === 'command' && call.method === 'POST') {
    const command = call.body.command;
    if (typeof command !== 'string' || command === '') invalid('command', 'required', 'The command field is required.');
    // CommandController: a stopped server cannot take a command.
    if (node.state === 'offline') throw failure(502, 'HttpException', 'Server must be online in order to send commands.');
    node.commands.push(command as string);
    runtime.say(node, `> ${command as string}`);
    return { status: 204 };
  }

  if (what === 'resources' && call.method === 'GET') {
    const stats = runtime.statsOf(node) as {
      state: string;
      memory_bytes: number;
      cpu_absolute: number;
      disk_bytes: number;
      network: { rx_bytes: number; tx_bytes: number };
      uptime: number;
    };
    return {
      status: 200,
      body: {
        object: 'stats',
        attributes: {
          current_state: stats.state,
          is_suspended: false,
          resources: {
            memory_bytes: stats.memory_bytes,
            cpu_absolute: stats.cpu_absolute,
            disk_bytes: stats.disk_bytes,
            network_rx_bytes: stats.network.rx_bytes,
            network_tx_bytes: stats.network.tx_bytes,
            uptime: stats.uptime,
          },
        },
      },
    };
  }
  return undefined;
}

function invalidSignal(signal: unknown): never {
  if (signal === undefined || signal === '') return invalid('signal', 'required', 'The signal field is required.');
  return invalid('signal', 'in', 'The selected signal is invalid.');
}
