import { z } from 'zod';
import { afterCursor, nextCursor } from '../paging';
import { isoDate, orderEnding, orderStatus, userId } from './common';

// Category 4 "Facturation": the lists, mark-paid, cancel and refunds.

/** POST /api/admin/orders/{id}/mark-paid and /cancel (Billing, admin only): {userId?}. */
export const billingOrderActionSchema = z.object({ userId: userId.optional() });

/** Back-office category 4 "Facturation": which orders the list shows. */
export const BILLING_FILTERS = ['unpaid', 'transfers', 'paid'] as const;
export type BillingFilter = (typeof BILLING_FILTERS)[number];
export const BILLING_PAGE_SIZE = 50;

/**
 * GET /api/admin/billing?filter=&after=&limit= (admin only). unpaid: oldest due first; transfers:
 * unpaid with a bank transfer announced, oldest announcement first; paid: settled orders, newest
 * payment first. `after`: the last order shown (the previous page's `next`).
 */
export const billingQuerySchema = z.object({
  filter: z.enum(BILLING_FILTERS).default('unpaid'),
  after: afterCursor,
  limit: z.coerce.number().int().min(1).max(BILLING_PAGE_SIZE).default(BILLING_PAGE_SIZE),
});
export type BillingQuery = z.infer<typeof billingQuerySchema>;

/** One order as Billing lists it. */
export const billingOrderSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  client_name: z.string(),
  client_email: z.string(),
  status: orderStatus,
  payment_method: z.string().nullable(),
  total_cents: z.number().int(),
  currency: z.string(),
  created_at: isoDate,
  due_at: isoDate.nullable(),
  transfer_reference: z.string().nullable(),
  transfer_announced_at: isoDate.nullable(),
  invoice_number: z.string().nullable(),
  paid_at: isoDate.nullable(),
  refunded_cents: z.number().int(),
  /** The payment went through a provider we can refund it through (refund `to: 'payment'`). */
  refundable_to_payment: z.boolean(),
  ...orderEnding,
});
export type BillingOrderDto = z.infer<typeof billingOrderSchema>;

export const billingPageSchema = z.object({ orders: z.array(billingOrderSchema), next: nextCursor, hasMore: z.boolean() });
export type BillingPageDto = z.infer<typeof billingPageSchema>;

/** Where a refund goes: the customer's wallet (its currency only), or back to the payment method through the provider. */
export const REFUND_DESTINATIONS = ['wallet', 'payment'] as const;

/** A delivered service whose order is refunded in full: ended now (deleted at the provider), or at the end of its term. */
export const REFUNDED_SERVICE_ENDINGS = ['terminate_now', 'end_of_term'] as const;
export type RefundedServiceEnding = (typeof REFUNDED_SERVICE_ENDINGS)[number];

/** POST /api/admin/orders/{id}/refund (admin only): credits the customer's wallet, or refunds the payment method. */
export const refundOrderSchema = z.object({
  userId: userId.optional(),
  amount_cents: z.number({ error: 'Montant en centimes attendu.' }).int().min(1, 'Le montant doit être supérieur à 0.').max(100_000_000),
  reason: z.string({ error: 'Motif attendu.' }).trim().min(1, 'Le motif est obligatoire.').max(500),
  /** Default: the wallet. */
  to: z.enum(REFUND_DESTINATIONS, { error: 'Destination inconnue.' }).optional(),
  /** Required when a full refund meets delivered services: how they end. */
  services: z.enum(REFUNDED_SERVICE_ENDINGS, { error: 'Choisissez : résilier maintenant ou à l’échéance.' }).optional(),
});
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;

export const refundOrderAnswerSchema = z.object({
  success: z.literal(true),
  /** The customer's wallet balance after the refund (unchanged by a refund to the payment method). */
  wallet_cents: z.number().int(),
});
export type RefundOrderDto = z.infer<typeof refundOrderAnswerSchema>;
