import { z } from 'zod';
import { afterCursor, nextCursor, pageLimit } from './paging';

const isoDate = z.iso.datetime();

// Peppol e-invoices sent to Belgian VAT-registered buyers (issue 16): Billing's list of deliveries
// and 'Renvoyer'.

/**
 * queued: waiting for a (first or next) try; sending: being handed over; sent: the access point
 * took it; delivered: the buyer's access point has it; rejected: refused (the access point, the
 * network or the recipient); failed: every try failed; blocked: its UBL broke the official rules,
 * never sent.
 */
export const EINVOICE_DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'rejected', 'failed', 'blocked'] as const;
export type EinvoiceDeliveryStatus = (typeof EINVOICE_DELIVERY_STATUSES)[number];

export const EINVOICE_STATUS_FILTERS = ['all', ...EINVOICE_DELIVERY_STATUSES] as const;
export type EinvoiceStatusFilter = (typeof EINVOICE_STATUS_FILTERS)[number];

export const EINVOICE_DELIVERIES_PAGE_SIZE = 50;

/** GET /api/admin/billing/einvoices?status=&after=: newest first, after the delivery `after`. */
export const einvoiceDeliveriesQuerySchema = z.object({
  status: z.enum(EINVOICE_STATUS_FILTERS, { error: 'Statut inconnu.' }).default('all'),
  after: afterCursor,
  limit: pageLimit(EINVOICE_DELIVERIES_PAGE_SIZE),
});
export type EinvoiceDeliveriesQuery = z.infer<typeof einvoiceDeliveriesQuerySchema>;

export const einvoiceDeliveryEventSchema = z.object({
  status: z.enum(EINVOICE_DELIVERY_STATUSES),
  /** The access point's or the checks' words (an error, a refusal); null when the status says it all. */
  detail: z.string().nullable(),
  /** The staff member who asked (a resend); null: the shop itself. */
  actor_name: z.string().nullable(),
  at: isoDate,
});
export type EinvoiceDeliveryEventDto = z.infer<typeof einvoiceDeliveryEventSchema>;

export const einvoiceDeliverySchema = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  document_number: z.string(),
  document_kind: z.enum(['invoice', 'credit_note']),
  issued_at: isoDate,
  customer_name: z.string(),
  customer_email: z.string(),
  /** The buyer's Peppol participant id, scheme:id (0208:0123456749). */
  recipient: z.string(),
  /** The access point of the last try (sandbox, e-invoice); null before the first. */
  access_point: z.string().nullable(),
  status: z.enum(EINVOICE_DELIVERY_STATUSES),
  /** Tries of this round (a resend starts a new one). */
  attempts: z.number().int(),
  /** Queued after a failed try: when the next one is due. */
  next_attempt_at: isoDate.nullable(),
  last_error: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  /** The official checks' broken rules while the document's UBL is invalid (why it is blocked). */
  validation_errors: z.array(z.object({ rule: z.string(), message: z.string() })),
  /** The access point's own check, when it made one. */
  ap_verdict: z
    .object({
      valid: z.boolean(),
      issues: z.array(z.object({ rule: z.string().nullable(), message: z.string(), severity: z.enum(['error', 'warning']) })),
    })
    .nullable(),
  queued_at: isoDate,
  sent_at: isoDate.nullable(),
  delivered_at: isoDate.nullable(),
  updated_at: isoDate,
  /** Rejected or failed; blocked once its UBL is valid again. */
  can_resend: z.boolean(),
  /** What happened, oldest first. */
  events: z.array(einvoiceDeliveryEventSchema),
});
export type EinvoiceDeliveryDto = z.infer<typeof einvoiceDeliverySchema>;

export const einvoiceDeliveriesPageSchema = z.object({
  deliveries: z.array(einvoiceDeliverySchema),
  next: nextCursor,
  hasMore: z.boolean(),
});
export type EinvoiceDeliveriesPageDto = z.infer<typeof einvoiceDeliveriesPageSchema>;

/** POST /api/admin/billing/einvoices/{id}/resend (id: the document's): the delivery, queued again. */
export const einvoiceResendAnswerSchema = z.object({ delivery: einvoiceDeliverySchema });
export type EinvoiceResendAnswerDto = z.infer<typeof einvoiceResendAnswerSchema>;
