import { REFUND_DESTINATIONS, type BillingOrderDto } from '../../../../../shared/schemas/staff/billing';

// Which Billing buttons an order shows; the server checks the same rules again (409 otherwise).

/** 'Marquer comme reçu': the money of an unpaid order (a bank transfer, usually) arrived. */
export const canMarkPaid = (order: BillingOrderDto) => order.status === 'unpaid';

/** 'Annuler': an order still open (unpaid, waiting for an agent, or taken). */
export const canCancel = (order: BillingOrderDto) =>
  order.status === 'unpaid' || order.status === 'pending' || order.status === 'in_progress';

/** What is left to give back for a paid order (0 for an order that was never paid). */
export const refundableCents = (order: BillingOrderDto) =>
  order.paid_at === null || order.status === 'unpaid' ? 0 : Math.max(0, order.total_cents - order.refunded_cents);

/** 'Rembourser': a paid order with something left to refund. */
export const canRefund = (order: BillingOrderDto) => refundableCents(order) > 0;

export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** Where a refund may go: the wallet always; back to the payment when a provider took it (the server says). */
export const refundDestinationsOf = (order: BillingOrderDto): RefundDestination[] =>
  order.refundable_to_payment ? ['wallet', 'payment'] : ['wallet'];
