import { z } from 'zod';
import { afterCursor, nextCursor, pageLimit } from './paging';

export const renewalAttemptSchema = z.object({
  slot: z.enum(['due-3', 'due-1', 'due-0']),
  source: z.enum(['wallet', 'stripe', 'mollie', 'sandbox']),
  status: z.enum(['started', 'succeeded', 'pending', 'declined', 'requires_action', 'error']),
  failure_code: z.string().nullable(),
  at: z.iso.datetime(),
});

/** A renewal invoice near its due date, how it will be (or was) paid on its own, and each attempt. */
export const staffAutoRenewalSchema = z.object({
  order_id: z.number().int(),
  user_id: z.number().int(),
  customer_email: z.string(),
  service_name: z.string(),
  due_at: z.iso.datetime(),
  total_cents: z.number().int(),
  currency: z.string(),
  order_status: z.string(),
  auto_renew: z.boolean(),
  /**
   * What the next attempt takes: the wallet, the default saved method, or nothing (paid by hand);
   * 'paid' once the invoice is paid, whichever way: nothing is left to charge (issue 34).
   */
  charge_from: z.enum(['wallet', 'method', 'none', 'paid']),
  /** The default method as the customer sees it (brand and last four digits, or a masked account). */
  method: z.string().nullable(),
  next_charge_at: z.iso.datetime().nullable(),
  attempts: z.array(renewalAttemptSchema),
});
export type StaffAutoRenewalDto = z.infer<typeof staffAutoRenewalSchema>;

export const AUTO_RENEWALS_PAGE_SIZE = 50;

/** GET /api/admin/billing/auto-renewals?after=&limit=: soonest due first; `after` is the last invoice shown (the previous page's `next`). */
export const staffAutoRenewalsQuerySchema = z.object({
  after: afterCursor,
  limit: pageLimit(AUTO_RENEWALS_PAGE_SIZE),
});
export type StaffAutoRenewalsQuery = z.infer<typeof staffAutoRenewalsQuerySchema>;

export const staffAutoRenewalsSchema = z.object({ renewals: z.array(staffAutoRenewalSchema), next: nextCursor, hasMore: z.boolean() });
export type StaffAutoRenewalsDto = z.infer<typeof staffAutoRenewalsSchema>;
