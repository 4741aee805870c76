import type { OrderCancelReason, OrderStatus, RefundDestination } from '../../../shared/constants';

/** The order columns its ending is read from. */
export interface OrderEndingRow {
  status: OrderStatus;
  cancel_reason: OrderCancelReason | null;
  refunded_cents: number;
  refunded_to: RefundDestination | null;
}

/**
 * Why a cancelled order ended and, when its refund ended it, how much went back and where: the
 * customer's panel and every staff list read "Remboursée" from this, not a bare "Annulée".
 */
export function presentOrderEnding(order: OrderEndingRow) {
  const cancelled = order.status === 'cancelled';
  return {
    cancel_reason: cancelled ? order.cancel_reason : null,
    refund:
      cancelled && order.cancel_reason === 'refunded' && order.refunded_to
        ? { amount_cents: order.refunded_cents, to: order.refunded_to }
        : null,
  };
}
