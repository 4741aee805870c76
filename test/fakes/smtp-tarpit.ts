import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { SmtpCapture } from '../support/smtp-capture';

// A mail server that accepts every connection and then says nothing: no 220 greeting, ever, until
// the test calls recover(). The client waits on an open socket, which is how a tarpit (or an
// overloaded relay) stalls a sender. Once recovered, every held connection and every new one is
// handed to the capturing SMTP peer, which greets it and takes the mail.

export interface SmtpTarpit {
  url: string;
  /** Connections accepted and left waiting for their greeting (recovered ones not counted). */
  readonly held: number;
  /** Connections accepted in all, held or not. */
  readonly accepted: number;
  /** Resolves once `count` connections are held (waits up to timeoutMs). */
  waitForHeld(count: number, timeoutMs?: number): Promise<void>;
  /** From now on speaks SMTP through `peer`: the held connections are greeted at last. */
  recover(): void;
  /** Drops every held connection (the client sees the connection closed) and stops listening. */
  close(): Promise<void>;
}

export async function startSmtpTarpit(peer: SmtpCapture): Promise<SmtpTarpit> {
  const waiting = new Set<Socket>();
  let accepted = 0;
  let recovered = false;
  const server = createServer((socket) => {
    accepted++;
    socket.on('error', () => {}); // a client that gives up resets the connection
    if (recovered) return peer.accept(socket);
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get held() {
      return waiting.size;
    },
    get accepted() {
      return accepted;
    },
    async waitForHeld(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (waiting.size < count) {
        if (Date.now() > deadline) throw new Error(`${waiting.size} of ${count} SMTP connections held within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    recover() {
      recovered = true;
      for (const socket of waiting) peer.accept(socket);
      waiting.clear();
    },
    close() {
      for (const socket of waiting) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
