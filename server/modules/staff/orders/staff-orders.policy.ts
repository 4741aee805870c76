import type { UserRow } from '../../auth/users.repo';

// Who may act on which order (spec §6 "Order actions"). 'Prendre' (a pending order nobody took)
// is a rule of the order's state, kept in the lifecycle's transition table (the `taken` event).

/** 'Assigner VPS': an order taken by the caller, or by nobody; never one another agent took. */
export const mayConfirmOrder = (agent: UserRow, order: { support_id: number | null }): boolean =>
  order.support_id === null || order.support_id === agent.id;
