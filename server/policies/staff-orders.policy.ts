import { OrderNotYours } from '../modules/staff/orders/staff-orders.errors';
import { rule } from './rule';

// Who may act on which order (spec §6 "Order actions"). 'Prendre' (a pending order nobody took)
// is a rule of the order's state, kept in the lifecycle's transition table (the `taken` event).

/** An order as the desk sees it: the agent who took it, if any. */
interface TakenBy {
  support_id: number | null;
}

export const staffOrderRules = {
  /** 'Assigner VPS': an order taken by the caller, or by nobody; never one another agent took. */
  'order.confirm': rule((agent, order: TakenBy) => order.support_id === null || order.support_id === agent.id, OrderNotYours),
};
