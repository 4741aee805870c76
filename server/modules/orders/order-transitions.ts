import type { OrderStatus } from '../../../shared/constants';

// The order lifecycle as data (DESIGN.md §6 "One order lifecycle"): for each event, the statuses
// it may happen in, the status it leads to, the column that dates it, and the code a refusal
// answers with (the codes the client already turns into texts). Pure: order-lifecycle.ts applies it.

export const ORDER_EVENTS = [
  'placed',
  'renewal_issued',
  'paid',
  'taken',
  'released',
  'delivered',
  'cancelled',
  'reservation_expired',
  'cancelled_by_customer',
  'refunded',
  'refunded_in_full',
  'suspended',
  'terminated',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** The events that create the order row; every other event changes an existing one. */
export const CREATION_EVENTS = ['placed', 'renewal_issued'] as const satisfies readonly OrderEvent[];
export type CreationEvent = (typeof CREATION_EVENTS)[number];
export type ChangeEvent = Exclude<OrderEvent, CreationEvent>;

/** A service order (checkout) is delivered by staff; a renewal invoice has nothing to deliver. */
export type OrderKind = 'order' | 'renewal';

/**
 * Facts beyond the status an event depends on. `paid_before`: money was received once (paid_at is
 * set by the payment only), so a cancelled order can still be refunded but one cancelled before
 * any payment cannot. `unassigned`: no agent holds the order.
 */
export type Requirement = 'paid_before' | 'unassigned';

/** Columns an event dates with its time, and columns it empties. */
export type StampColumn = 'created_at' | 'paid_at' | 'taken_at' | 'delivered_at' | 'cancelled_at';
export type ClearedColumn = 'support_id' | 'taken_at' | 'payment_url';

export interface CreationRule {
  from: 'none';
  to: 'unpaid';
  stamp: 'created_at';
  action: string;
}

export interface ChangeRule {
  from: readonly OrderStatus[];
  /** 'unchanged': the event is recorded on the order (audit, updated_at) without moving its status. */
  to: OrderStatus | 'unchanged' | Readonly<Record<OrderKind, OrderStatus>>;
  requires?: readonly Requirement[];
  stamp?: StampColumn;
  clears?: readonly ClearedColumn[];
  /** The 409 code of a refusal. */
  refusal: string;
  /** The audit action (kept from before the lifecycle existed: tests and the Logs page read them). */
  action: string;
  /** The billing document the event issues in the same transaction: the invoice, or a credit note. */
  issues?: 'invoice' | 'credit_note';
}

const OPEN: readonly OrderStatus[] = ['unpaid', 'pending', 'in_progress'];

export const CREATION_RULES: Readonly<Record<CreationEvent, CreationRule>> = {
  placed: { from: 'none', to: 'unpaid', stamp: 'created_at', action: 'order.created' },
  renewal_issued: { from: 'none', to: 'unpaid', stamp: 'created_at', action: 'renewal.issued' },
};

export const CHANGE_RULES: Readonly<Record<ChangeEvent, ChangeRule>> = {
  // A checkout order waits for an agent to deliver it; a renewal is settled by its payment.
  paid: {
    from: ['unpaid'],
    to: { order: 'pending', renewal: 'paid' },
    stamp: 'paid_at',
    clears: ['payment_url'],
    refusal: 'order_not_payable',
    action: 'order.paid',
    issues: 'invoice',
  },
  taken: {
    from: ['pending'],
    to: 'in_progress',
    requires: ['unassigned'],
    stamp: 'taken_at',
    refusal: 'order_not_takeable',
    action: 'order.taken',
  },
  released: {
    from: ['in_progress'],
    to: 'pending',
    clears: ['support_id', 'taken_at'],
    refusal: 'order_not_in_progress',
    action: 'order.released',
  },
  // An agent who took it delivers it (in_progress), or the automation delivers every service of it
  // while it waits for an agent (pending): the system takes the event, with no agent (DESIGN.md §7).
  delivered: {
    from: ['pending', 'in_progress'],
    to: 'paid',
    stamp: 'delivered_at',
    refusal: 'order_not_confirmable',
    action: 'order.delivered',
  },
  cancelled: {
    from: OPEN,
    to: 'cancelled',
    stamp: 'cancelled_at',
    clears: ['payment_url'],
    refusal: 'order_not_cancellable',
    action: 'order.cancelled',
  },
  // The checkout reservation that lapsed unpaid (reservation-expiry.ts, which gives the stock back).
  reservation_expired: {
    from: ['unpaid'],
    to: 'cancelled',
    stamp: 'cancelled_at',
    clears: ['payment_url'],
    refusal: 'order_not_unpaid',
    action: 'order.reservation_expired',
  },
  // The customer gives up an order they have not paid (panel, "Annuler la commande"); the caller
  // gives the stock back and keeps a renewal invoice out (its service lapses by the billing cycle).
  cancelled_by_customer: {
    from: ['unpaid'],
    to: 'cancelled',
    stamp: 'cancelled_at',
    clears: ['payment_url'],
    refusal: 'order_not_unpaid',
    action: 'order.cancelled_by_customer',
  },
  // Money goes back (wallet or payment method) and a credit note corrects the invoice by as much;
  // the status says where the order stands and stays as it is. Any order that received money may
  // be refunded, including one cancelled after its payment.
  refunded: {
    from: ['pending', 'in_progress', 'paid', 'cancelled'],
    to: 'unchanged',
    requires: ['paid_before'],
    refusal: 'order_not_paid',
    action: 'order.refunded',
    issues: 'credit_note',
  },
  // A paid order not delivered yet got all its money back (the `refunded` event just before, in the
  // same transaction): nothing is left to deliver, so it ends and leaves the staff queues.
  refunded_in_full: {
    from: ['pending', 'in_progress'],
    to: 'cancelled',
    requires: ['paid_before'],
    stamp: 'cancelled_at',
    clears: ['payment_url'],
    refusal: 'order_not_undelivered',
    action: 'order.refunded_in_full',
  },
  // The machine of a delivered order is suspended or ended for an unpaid renewal: the order stays
  // paid (it was), the event is kept in its history.
  suspended: { from: ['paid'], to: 'unchanged', refusal: 'order_not_delivered', action: 'order.suspended' },
  terminated: { from: ['paid'], to: 'unchanged', refusal: 'order_not_delivered', action: 'order.terminated' },
};

/** What an event's rules read of an order. */
export interface OrderFacts {
  status: OrderStatus;
  renewal_of_order_id: number | null;
  paid_at: Date | null;
  support_id: number | null;
}

export type TransitionVerdict = { allowed: true; to: OrderStatus } | { allowed: false; refusal: string };

export const kindOf = (order: Pick<OrderFacts, 'renewal_of_order_id'>): OrderKind => (order.renewal_of_order_id ? 'renewal' : 'order');

function meets(requirement: Requirement, order: OrderFacts): boolean {
  return requirement === 'paid_before' ? order.paid_at !== null : order.support_id === null;
}

/** Whether `event` may happen to `order` now, and the status it would leave the order in. */
export function decideTransition(order: OrderFacts, event: ChangeEvent): TransitionVerdict {
  const rule = CHANGE_RULES[event];
  if (!rule.from.includes(order.status) || !(rule.requires ?? []).every((r) => meets(r, order))) {
    return { allowed: false, refusal: rule.refusal };
  }
  const to = rule.to === 'unchanged' ? order.status : typeof rule.to === 'string' ? rule.to : rule.to[kindOf(order)];
  return { allowed: true, to };
}
