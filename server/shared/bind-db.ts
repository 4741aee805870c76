import type { Knex } from 'knex';

/**
 * A free function that takes the database first, bound to it: module entries (modules/<m>/index.ts)
 * hand routes these, so a route calls a service without ever holding the database handle.
 */
export function bindDb<A extends unknown[], R>(db: Knex, fn: (db: Knex, ...args: A) => R): (...args: A) => R {
  return (...args: A) => fn(db, ...args);
}

/** The type of `fn` once bound by bindDb: its parameters without the database. */
export type OmitDb<F> = F extends (db: Knex, ...args: infer A) => infer R ? (...args: A) => R : never;
