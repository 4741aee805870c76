import type { UserRow } from '../auth/users.repo';

// Who may switch which duty (spec §2 "Staff dashboard": support agents have the on/off-duty toggle).

/** An agent switches only their own duty. */
export const isOwnDuty = (caller: UserRow, agentId: number): boolean => caller.id === agentId;
/** Only support agents take duty (is_online means nothing for the other roles). */
export const mayTakeDuty = (caller: UserRow): boolean => caller.role === 'support';
