import type { ServiceRow, ServiceValues } from '../services.repo';

// One step of an automatic delivery, whatever the provider (DESIGN.md §7 "Provisioners behind one
// interface"). A step is idempotent: it looks up what an earlier run made (the panel's external id,
// the machine already claimed, the OVH order recorded) before making anything.

export type StepOutcome =
  /** Done: the columns that say where the service runs (host and port, or the machine). */
  | { kind: 'delivered'; facts: ServiceValues }
  /** The provider works on it (an install, an OVH order): look again in a few seconds. */
  | { kind: 'waiting'; retryInSeconds: number; note: string }
  /** Not possible as set up (a 422, no free machine, a price above the limit, an install failed): staff take over. */
  | { kind: 'refused'; reason: string };

export interface Provisioner {
  /** Runs the next step. Throws when the provider is unreachable: the job is retried with backoff. */
  step(service: ServiceRow): Promise<StepOutcome>;
}

export const waiting = (retryInSeconds: number, note: string): StepOutcome => ({ kind: 'waiting', retryInSeconds, note });
export const refused = (reason: string): StepOutcome => ({ kind: 'refused', reason });
export const delivered = (facts: ServiceValues): StepOutcome => ({ kind: 'delivered', facts });
