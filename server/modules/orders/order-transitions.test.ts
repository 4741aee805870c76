import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants';
import { CHANGE_RULES, CREATION_RULES, decideTransition, ORDER_EVENTS, type ChangeEvent, type OrderFacts } from './order-transitions';

// The lifecycle written out by hand, status by status, so a change to the table is a change here too.
// A cell is the status the event leads to, or the refusal code.
const EXPECTED: Record<ChangeEvent, Record<OrderStatus, string>> = {
  paid: {
    unpaid: 'pending',
    pending: 'order_not_payable',
    in_progress: 'order_not_payable',
    paid: 'order_not_payable',
    cancelled: 'order_not_payable',
  },
  taken: {
    unpaid: 'order_not_takeable',
    pending: 'in_progress',
    in_progress: 'order_not_takeable',
    paid: 'order_not_takeable',
    cancelled: 'order_not_takeable',
  },
  released: {
    unpaid: 'order_not_in_progress',
    pending: 'order_not_in_progress',
    in_progress: 'pending',
    paid: 'order_not_in_progress',
    cancelled: 'order_not_in_progress',
  },
  delivered: {
    unpaid: 'order_not_confirmable',
    pending: 'paid', // delivered by the system, no agent (issue 31)
    in_progress: 'paid',
    paid: 'order_not_confirmable',
    cancelled: 'order_not_confirmable',
  },
  cancelled: {
    unpaid: 'cancelled',
    pending: 'cancelled',
    in_progress: 'cancelled',
    paid: 'order_not_cancellable',
    cancelled: 'order_not_cancellable',
  },
  reservation_expired: {
    unpaid: 'cancelled',
    pending: 'order_not_unpaid',
    in_progress: 'order_not_unpaid',
    paid: 'order_not_unpaid',
    cancelled: 'order_not_unpaid',
  },
  cancelled_by_customer: {
    unpaid: 'cancelled',
    pending: 'order_not_unpaid',
    in_progress: 'order_not_unpaid',
    paid: 'order_not_unpaid',
    cancelled: 'order_not_unpaid',
  },
  refunded_in_full: {
    unpaid: 'order_not_undelivered',
    pending: 'cancelled',
    in_progress: 'cancelled',
    paid: 'order_not_undelivered',
    cancelled: 'order_not_undelivered',
  },
  refunded: { unpaid: 'order_not_paid', pending: 'pending', in_progress: 'in_progress', paid: 'paid', cancelled: 'cancelled' },
  suspended: {
    unpaid: 'order_not_delivered',
    pending: 'order_not_delivered',
    in_progress: 'order_not_delivered',
    paid: 'paid',
    cancelled: 'order_not_delivered',
  },
  terminated: {
    unpaid: 'order_not_delivered',
    pending: 'order_not_delivered',
    in_progress: 'order_not_delivered',
    paid: 'paid',
    cancelled: 'order_not_delivered',
  },
};

const facts = (status: OrderStatus, more: Partial<OrderFacts> = {}): OrderFacts => ({
  status,
  renewal_of_order_id: null,
  // As the app leaves them: money received from pending on, an agent holding in_progress orders.
  paid_at: status === 'unpaid' ? null : new Date('2026-05-01T10:00:00Z'),
  support_id: status === 'in_progress' ? 7 : null,
  ...more,
});

const outcome = (order: OrderFacts, event: ChangeEvent) => {
  const verdict = decideTransition(order, event);
  return verdict.allowed ? verdict.to : verdict.refusal;
};

describe('order transition table', () => {
  it('covers every event of DESIGN.md §6 once, as a creation or as a change', () => {
    const covered = [...Object.keys(CREATION_RULES), ...Object.keys(CHANGE_RULES)].sort();
    expect(covered).toEqual([...ORDER_EVENTS].sort());
  });

  it('creates orders and renewal invoices unpaid', () => {
    expect(CREATION_RULES.placed).toMatchObject({ to: 'unpaid', action: 'order.created' });
    expect(CREATION_RULES.renewal_issued).toMatchObject({ to: 'unpaid', action: 'renewal.issued' });
  });

  for (const event of Object.keys(EXPECTED) as ChangeEvent[]) {
    it(`${event}: allowed from the listed statuses only, refused with its code from the others`, () => {
      for (const status of ORDER_STATUSES) expect([status, outcome(facts(status), event)]).toEqual([status, EXPECTED[event][status]]);
    });
  }

  it('settles a renewal invoice straight to paid: there is nothing to deliver', () => {
    expect(outcome(facts('unpaid', { renewal_of_order_id: 12 }), 'paid')).toBe('paid');
  });

  it('refuses to refund a cancelled order that never received money, and lets one that did', () => {
    expect(outcome(facts('cancelled', { paid_at: null }), 'refunded')).toBe('order_not_paid');
    expect(outcome(facts('cancelled'), 'refunded')).toBe('cancelled');
  });

  it('refuses to take a pending order an agent still holds', () => {
    expect(outcome(facts('pending', { support_id: 3 }), 'taken')).toBe('order_not_takeable');
  });

  it('keeps the refusal codes the client and the API tests rely on', () => {
    expect(CHANGE_RULES.taken.refusal).toBe('order_not_takeable');
    expect(CHANGE_RULES.delivered.refusal).toBe('order_not_confirmable');
    expect(CHANGE_RULES.cancelled.refusal).toBe('order_not_cancellable');
    expect(CHANGE_RULES.paid.refusal).toBe('order_not_payable');
    expect(CHANGE_RULES.refunded.refusal).toBe('order_not_paid');
  });
});
