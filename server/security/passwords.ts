import argon2 from 'argon2';
import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createWorkGate, GateBusyError, type WorkGate, type WorkGateOptions } from './work-gate';

/** Two argon2 runs at once, eight waiting: a run is ~0.1 s, so nobody waits much more than half a second. */
export const DEFAULT_PASSWORD_WORK: WorkGateOptions = { concurrency: 2, queue: 8 };

/**
 * The returning devices' own lane (a login carrying a valid device cookie, modules/auth/login-device.ts):
 * one more argon2 run at once that a flood of strangers can never take.
 */
const RETURNING_DEVICE_LANE: WorkGateOptions = { concurrency: 1, queue: 8 };

/** Who asks for a password check: anybody, or a browser that logged into this account before. */
export type PasswordLane = 'anybody' | 'returning-device';

const GATE_NAME = 'password work';

// Every argon2 run (64 MiB, on libuv's 4 shared threads) passes a gate. It is one per process
// because the thread pool and the memory are: a flood of logins waits in a short queue or is
// refused at once (GateBusyError, answered 503 `busy`), and the other threads stay free for the rest.
let gate: WorkGate = createWorkGate(GATE_NAME, DEFAULT_PASSWORD_WORK);
let deviceLane: WorkGate = createWorkGate(`${GATE_NAME} of returning devices`, RETURNING_DEVICE_LANE);

/** Sizes the gate (main.ts, from PASSWORD_WORK_CONCURRENCY / PASSWORD_WORK_QUEUE); call before serving. */
export function configurePasswordWork(options: WorkGateOptions): void {
  gate = createWorkGate(GATE_NAME, options);
  deviceLane = createWorkGate(`${GATE_NAME} of returning devices`, RETURNING_DEVICE_LANE);
}

/** The gate everybody shares, for tests that fill it. */
export function passwordWorkGate(): WorkGate {
  return gate;
}

/** A returning device takes a free slot of the shared gate, or else its own lane: strangers cannot starve it. */
const gateFor = (lane: PasswordLane) => (lane === 'returning-device' && !gate.free ? deviceLane : gate);

const hashNow = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/** argon2id with the library's defaults (m=64 MiB, t=3, p=4). Throws GateBusyError when saturated. */
export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hashNow(password));
}

// How long the last real checks took, queueing included (monotonic milliseconds, not the time of
// day: the injected clock is for dates). A check of an e-mail without a password waits as long as
// one of them, picked at random, so its answer's timing follows the real ones' spread.
const recentChecksMs: number[] = [];
const KEPT_CHECKS = 32;

function rememberCheck(ms: number): void {
  recentChecksMs.push(ms);
  if (recentChecksMs.length > KEPT_CHECKS) recentChecksMs.shift();
}

async function timed<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  rememberCheck(performance.now() - started);
  return result;
}

// Before the process has checked any password, one argon2 run of nothing anyone knows gives the first sample.
let firstSample: Promise<unknown> | undefined;

/**
 * No argon2 for an unknown e-mail (or an account without a password): the answer waits like a real
 * check instead, and is refused like one while the gate is full, so neither timing nor a 503 tells
 * which e-mails exist, and a flood of unknown e-mails costs no CPU.
 */
async function waitLikeACheck(chosen: WorkGate): Promise<false> {
  if (chosen.full) throw new GateBusyError(GATE_NAME);
  if (recentChecksMs.length === 0) {
    firstSample ??= timed(() => chosen.run(() => hashNow(randomBytes(32).toString('base64url')))).catch((err: unknown) => {
      firstSample = undefined;
      throw err;
    });
    await firstSample;
  }
  await sleep(recentChecksMs[randomInt(recentChecksMs.length)]);
  return false;
}

/**
 * True only when `hash` exists and matches. A real check is one argon2 verification through the
 * lane's gate; without a hash, a wait as long as one. Throws GateBusyError when saturated.
 */
export function verifyPassword(hash: string | null | undefined, password: string, lane: PasswordLane = 'anybody'): Promise<boolean> {
  const chosen = gateFor(lane);
  if (!hash) return waitLikeACheck(chosen);
  return timed(() => chosen.run(() => argon2.verify(hash, password).catch(() => false)));
}
