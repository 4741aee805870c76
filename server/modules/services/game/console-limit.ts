import { CONSOLES_PER_CUSTOMER } from '../../../../shared/schemas/game-console';

/**
 * How many consoles each customer has open on this instance: each holds a socket to the node, so a
 * customer gets CONSOLES_PER_CUSTOMER at once (several tabs, several servers), not hundreds.
 */
export function createConsoleLimit(max = CONSOLES_PER_CUSTOMER) {
  const open = new Map<number, number>();
  return {
    full: (userId: number) => (open.get(userId) ?? 0) >= max,
    /** Takes a place; false when the customer already has `max`. */
    acquire(userId: number): boolean {
      const count = open.get(userId) ?? 0;
      if (count >= max) return false;
      open.set(userId, count + 1);
      return true;
    },
    release(userId: number) {
      const count = (open.get(userId) ?? 1) - 1;
      if (count <= 0) open.delete(userId);
      else open.set(userId, count);
    },
  };
}

export type ConsoleLimit = ReturnType<typeof createConsoleLimit>;
