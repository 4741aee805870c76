import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { createWorkGate, type WorkGate, type WorkGateOptions } from './work-gate';

/** Two argon2 runs at once, eight waiting: a run is ~0.1 s, so nobody waits much more than half a second. */
export const DEFAULT_PASSWORD_WORK: WorkGateOptions = { concurrency: 2, queue: 8 };

// Every argon2 run (64 MiB, on libuv's 4 shared threads) passes this gate. It is one per process
// because the thread pool and the memory are: a flood of logins waits in a short queue or is
// refused at once (GateBusyError, answered 503 `busy`), and the other threads stay free for the rest.
let gate: WorkGate = createWorkGate('password work', DEFAULT_PASSWORD_WORK);

/** Sizes the gate (main.ts, from PASSWORD_WORK_CONCURRENCY / PASSWORD_WORK_QUEUE); call before serving. */
export function configurePasswordWork(options: WorkGateOptions): void {
  gate = createWorkGate('password work', options);
}

/** The gate itself, for tests that fill it. */
export function passwordWorkGate(): WorkGate {
  return gate;
}

const hashNow = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/** argon2id with the library's defaults (m=64 MiB, t=3, p=4). Throws GateBusyError when saturated. */
export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hashNow(password));
}

// A hash of nothing anyone knows: a login for an unknown e-mail (or an account without a
// password) still runs one argon2 verification, so the answer's timing does not tell which.
let dummyHash: Promise<string> | undefined;

/**
 * True only when `hash` exists and matches; always costs one argon2 verification, taken through
 * the gate whether or not the account exists. Throws GateBusyError when saturated.
 */
export function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  return gate.run(async () => {
    if (!hash) {
      dummyHash ??= hashNow(randomBytes(32).toString('base64url'));
      await argon2.verify(await dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}
