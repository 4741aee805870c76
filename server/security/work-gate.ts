/** Thrown at once when a gate's slots and its queue are all taken: the caller answers "busy". */
export class GateBusyError extends Error {
  constructor(
    readonly gate: string,
    /** When trying again makes sense: queued work is short (an argon2 check is ~0.1 s). */
    readonly retryAfterSeconds = 1,
  ) {
    super(`${gate}: busy`);
    this.name = 'GateBusyError';
  }
}

export interface WorkGateOptions {
  /** Work items running at once. */
  concurrency: number;
  /** Items waiting for a slot; one more is refused with GateBusyError, never queued. */
  queue: number;
}

export interface WorkGate {
  /** Runs `work` when a slot is free (waiting in the bounded queue), or throws GateBusyError at once. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
  /** Whether `run` would throw GateBusyError now. */
  readonly full: boolean;
  /** Whether `run` would start at once, without waiting. */
  readonly free: boolean;
}

/** A semaphore with a bounded queue: heavy work runs a few at a time, and overload is refused, not piled up. */
export function createWorkGate(name: string, { concurrency, queue }: WorkGateOptions): WorkGate {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`${name}: concurrency must be a positive integer`);
  if (!Number.isInteger(queue) || queue < 0) throw new RangeError(`${name}: queue must be a non-negative integer`);
  let running = 0;
  const waiters: (() => void)[] = [];

  const release = () => {
    const next = waiters.shift();
    // The slot passes straight to the first in line.
    if (next) next();
    else running--;
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiters.length < queue) await new Promise<void>((resolve) => waiters.push(resolve));
      else throw new GateBusyError(name);
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
    get full() {
      return running >= concurrency && waiters.length >= queue;
    },
    get free() {
      return running < concurrency;
    },
  };
}
