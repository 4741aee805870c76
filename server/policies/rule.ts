import type { HttpError } from '../http/errors';
import type { UserRow } from '../modules/auth/users.repo';

/**
 * One "who may": whether the caller may, given the thing they act on, and the refusal otherwise.
 * The refusal is part of the rule so every caller answers alike: a customer's thing asked for by
 * someone else is a 404 (as if missing, never confirming it exists), a role short of it a 403.
 */
export interface Rule<S> {
  allows: (user: UserRow, subject: S) => boolean;
  denied: () => HttpError;
}

/** A rule in one line: `rule((user, order: Owned) => order.user_id === user.id, NoSuchOrder)`. */
export const rule = <S = undefined>(allows: (user: UserRow, subject: S) => boolean, denied: () => HttpError): Rule<S> => ({
  allows,
  denied,
});

/** Anything a customer owns, as its row names the owner. */
export interface Owned {
  user_id: number;
}

/** `user_id` comes back from Postgres as a number or, for a bigint, a string: compared as numbers. */
export const owns = (user: UserRow, thing: Owned): boolean => Number(thing.user_id) === user.id;
