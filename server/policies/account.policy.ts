import { NotOwnAccount } from './denials';
import { rule } from './rule';

// Identity comes from the token only (DESIGN.md §3): a userId a client sends along (query or body)
// must be the caller's own. Leaving it out is fine; naming someone else is 403.

export const accountRules = {
  'account.actFor': rule((user, userId: number | undefined) => userId === undefined || userId === user.id, NotOwnAccount),
};
