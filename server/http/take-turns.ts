import type { Request, RequestHandler, Response } from 'express';
import { createWorkGate, GateBusyError, type WorkGate } from '../security/work-gate';

export interface TurnsOptions {
  /** Who waits in the same line (a client address, a device). */
  key: (req: Request, res: Response) => string;
  /** Requests of one key handled at once. */
  concurrency: number;
  /** Requests of one key waiting their turn; one more gets `refuse` at once. */
  queue: number;
  /** The error to answer with when the line is full (it may set headers first). */
  refuse: (req: Request, res: Response) => unknown;
}

/**
 * One line per key: a key's requests pass a few at a time, the next ones wait in a short queue,
 * and more are refused at once. A request holds its turn until its answer is sent (or the client
 * goes away). In memory: it shares out this instance's own capacity.
 */
export function takeTurns({ key, concurrency, queue, refuse }: TurnsOptions): RequestHandler {
  const lines = new Map<string, { gate: WorkGate; members: number }>();
  return (req, res, next) => {
    const name = key(req, res);
    let line = lines.get(name);
    if (!line) {
      line = { gate: createWorkGate(`turns of ${name}`, { concurrency, queue }), members: 0 };
      lines.set(name, line);
    }
    const current = line;
    current.members++;
    let closed = false;
    const answered = new Promise<void>((resolve) =>
      res.once('close', () => {
        closed = true;
        resolve();
      }),
    );
    current.gate
      .run(async () => {
        if (closed) return; // the client left while waiting: nothing to do
        next();
        await answered;
      })
      .catch((err: unknown) => next(err instanceof GateBusyError ? refuse(req, res) : err))
      .finally(() => {
        if (--current.members === 0) lines.delete(name);
      });
  };
}
