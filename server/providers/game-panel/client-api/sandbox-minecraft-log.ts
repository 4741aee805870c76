// What the sandbox console prints: a Paper server's start, stop, and its answers to a few commands.

export const BOOT_LOG = [
  'Starting minecraft server version 1.21.1',
  'Loading properties',
  'This server is running Paper version 1.21.1-119 (MC: 1.21.1)',
  'Server Ping Player Sample Count: 12',
  'Using 4 threads for Netty based IO',
  'Default game type: SURVIVAL',
  'Generating keypair',
  'Starting Minecraft server on *:25565',
  'Preparing level "world"',
  'Preparing spawn area: 100%',
  'Done (4.218s)! For help, type "help"',
];

export const STOP_LOG = [
  'Stopping the server',
  'Stopping server',
  'Saving players',
  'Saving worlds',
  'ThreadedAnvilChunkStorage: All dimensions are saved',
];

/** The lines a command prints after its echo. */
export function answerTo(command: string): string[] {
  const [name = '', ...rest] = command.trim().split(/\s+/);
  switch (name.replace(/^\//, '').toLowerCase()) {
    case 'list':
      return ['There are 0 of a maximum of 20 players online: '];
    case 'say':
      return [`[Server] ${rest.join(' ')}`];
    case 'help':
      return ['--------- Help: Index ---------------------------', 'Use /help [n] to get page n of help.'];
    case 'time':
      return ['Set the time to 1000'];
    case 'weather':
      return [`Set the weather to ${rest[0] ?? 'clear'}`];
    case 'save-all':
      return ['Saving the game (this may take a moment!)', 'Saved the game'];
    case 'version':
      return ['This server is running Paper version 1.21.1-119 (MC: 1.21.1)'];
    default:
      return ['Unknown or incomplete command, see below for error', `${command.trim()}<--[HERE]`];
  }
}
