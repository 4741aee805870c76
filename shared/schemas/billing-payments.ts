import { z } from 'zod';

/**
 * Payments in an unusual state, as staff Billing lists them: `pending` (taken at the provider, not
 * settled yet), `held` (authorised, not captured), `paid_after_cancel` and `paid_twice` (money for
 * an order already cancelled or paid, refunded automatically through the provider).
 */
export const UNUSUAL_PAYMENT_KINDS = ['pending', 'held', 'paid_after_cancel', 'paid_twice'] as const;
export type UnusualPaymentKind = (typeof UNUSUAL_PAYMENT_KINDS)[number];

export const UNUSUAL_PAYMENTS_MAX_LIMIT = 100;

/** A row's place in the list: its time (microseconds, UTC), its source (s: checkout, r: refund) and id. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([sr])_(\d{1,10})$/;

export interface UnusualPaymentsCursor {
  at: string;
  source: 's' | 'r';
  id: number;
}

/** The cursor read back, or null when it is not one this API gave (a date that does not exist included). */
export function parseUnusualPaymentsCursor(value: string): UnusualPaymentsCursor | null {
  const match = CURSOR.exec(value);
  if (!match) return null;
  const [, at, source, id] = match as unknown as [string, string, 's' | 'r', string];
  const date = new Date(at);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 23) !== at.slice(0, 23)) return null;
  if (Number(id) < 1 || Number(id) > 2_147_483_647) return null;
  return { at, source, id: Number(id) };
}

/** GET /api/admin/billing/payments?after=&limit= (admin only): newest first, `after` is the previous page's `next`. */
export const unusualPaymentsQuerySchema = z.object({
  after: z
    .string()
    .refine((value) => parseUnusualPaymentsCursor(value) !== null, 'Not a cursor of this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(UNUSUAL_PAYMENTS_MAX_LIMIT).default(50),
});
export type UnusualPaymentsQuery = z.infer<typeof unusualPaymentsQuerySchema>;

export const unusualPaymentSchema = z.object({
  /** Unique in the list (a checkout and a refund may share an id). */
  key: z.string(),
  kind: z.enum(UNUSUAL_PAYMENT_KINDS),
  provider: z.enum(['stripe', 'paypal', 'mollie']),
  /** The provider's reference: checkout session, PayPal order or capture, Mollie payment. */
  providerRef: z.string(),
  orderId: z.number().int().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** Since when the checkout is in that state, or when the refund was decided. */
  at: z.iso.datetime(),
  /** The automatic refund and where it stands (refunded: the provider accepted it); null for a checkout. */
  refund: z.object({ status: z.enum(['pending', 'failed', 'refunded']), providerRefundId: z.string().nullable() }).nullable(),
});
export type UnusualPaymentDto = z.infer<typeof unusualPaymentSchema>;

export const unusualPaymentsPageSchema = z.object({
  payments: z.array(unusualPaymentSchema),
  /** Give it as `after` for the next page; null on the last one. */
  next: z.string().nullable(),
});
export type UnusualPaymentsPageDto = z.infer<typeof unusualPaymentsPageSchema>;
