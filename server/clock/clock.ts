// The time the billing rules read (renewals, reminders, suspension, deletion, mail retries).
// Production reads the system clock; tests hold a clock they move by hand, so a whole service
// period runs in milliseconds and nothing sleeps.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface MovableClock extends Clock {
  /** Moves the clock forward (or back with a negative amount). */
  advance(by: { days?: number; hours?: number; minutes?: number }): Date;
  set(at: Date): void;
}

const MINUTE_MS = 60_000;

export function createMovableClock(start: Date = new Date()): MovableClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance({ days = 0, hours = 0, minutes = 0 }) {
      current += ((days * 24 + hours) * 60 + minutes) * MINUTE_MS;
      return new Date(current);
    },
    set(at) {
      current = at.getTime();
    },
  };
}

/** A clock stopped at one instant: the writes of one event (a payment's date, its invoice's) share their time. */
export function frozenClock(at: Date): Clock {
  return { now: () => new Date(at.getTime()) };
}
