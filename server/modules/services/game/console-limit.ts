import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import { CONSOLES_PER_CUSTOMER } from '../../../../shared/schemas/game-console';
import { closeConsoleSession, countLiveConsoleSessions, openConsoleSession, touchConsoleSessions } from './console-sessions.repo';

/** An open console stops counting when its instance has not said so for this long (it died). */
export const CONSOLE_STALE_MS = 90_000;

/**
 * How many consoles each customer has open, across instances: each holds a socket to the node, so a
 * customer gets CONSOLES_PER_CUSTOMER at once (several tabs, several servers), not hundreds.
 */
export function createConsoleLimit(deps: { db: Knex; clock: Clock }, max = CONSOLES_PER_CUSTOMER) {
  const { db, clock } = deps;
  const staleBefore = () => new Date(clock.now().getTime() - CONSOLE_STALE_MS);
  return {
    full: async (userId: number) => (await countLiveConsoleSessions(db, userId, staleBefore())) >= max,
    /** Takes a place: its id, or null when the customer already has `max`. */
    acquire: (userId: number, serviceId: number) =>
      openConsoleSession(db, { userId, serviceId, now: clock.now(), staleBefore: staleBefore(), max }),
    release: (id: string) => closeConsoleSession(db, id),
    /** Every heartbeat, for the consoles this instance holds. */
    stillOpen: (ids: string[]) => touchConsoleSessions(db, ids, clock.now()),
  };
}

export type ConsoleLimit = ReturnType<typeof createConsoleLimit>;
