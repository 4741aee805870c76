import type { UserRow } from '../../auth/users.repo';

// Who may act on which order (spec §6 "Order actions").

/** 'Prendre': a pending order no agent has taken. */
export const mayTakeOrder = (order: { status: string; support_id: number | null }): boolean =>
  order.status === 'pending' && order.support_id === null;
/** 'Assigner VPS': an order taken by the caller, or by nobody; never one another agent took. */
export const mayConfirmOrder = (agent: UserRow, order: { support_id: number | null }): boolean =>
  order.support_id === null || order.support_id === agent.id;
