import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';

// WebSockets on the app's own HTTP server (the game console, issue 33). createApp registers what
// answers an upgrade; whoever listens (main.ts, the tests) attaches it to its server.

/** True when the handler took the socket (served or refused it), false when the path is not its own. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

const handlers = new WeakMap<Express, UpgradeHandler[]>();

export function onUpgrade(app: Express, handler: UpgradeHandler): void {
  handlers.set(app, [...(handlers.get(app) ?? []), handler]);
}

/** Answers the app's upgrades on `server`; any other upgrade is refused. */
export function attachUpgrades(server: Server, app: Express): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    for (const handler of handlers.get(app) ?? []) if (handler(req, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
}
