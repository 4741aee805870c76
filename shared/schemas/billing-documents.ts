import { z } from 'zod';
import { calendarDay } from './calendar-day';
import { afterCursor, nextCursor, pageLimit } from './paging';

const isoDate = z.iso.datetime();

// Invoices and credit notes as issued documents (issue 16): the customer's credit notes, the
// document files, and Billing's list and accountant's export.

export const DOCUMENT_FORMATS = ['pdf', 'ubl'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** `?format=pdf|ubl` (pdf by default): the PDF, or the Peppol BIS 3.0 UBL XML. */
export const documentFormatQuerySchema = z.object({
  format: z.enum(DOCUMENT_FORMATS, { error: 'Format inconnu : pdf ou ubl.' }).default('pdf'),
});

/** GET /api/credit-notes: one credit note as the customer's panel lists it. */
export const creditNoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  issued_at: isoDate,
  order_id: z.number().int(),
  /** The invoice it corrects. */
  invoice_number: z.string(),
  /** Net, VAT and the money given back (what the note credits). */
  net_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  currency: z.string(),
  reason: z.string().nullable(),
});
export type CreditNoteDto = z.infer<typeof creditNoteSchema>;
/** GET /api/credit-notes?after=&limit=: the customer's credit notes, newest first, 50 a page. */
export const creditNotesQuerySchema = z.object({ after: afterCursor, limit: pageLimit(50) });
export const creditNotesAnswerSchema = z.object({ credit_notes: z.array(creditNoteSchema), next: nextCursor });

export const DOCUMENT_KIND_FILTERS = ['all', 'invoice', 'credit_note'] as const;

/** A calendar day, YYYY-MM-DD (Brussels), in range. */
const day = calendarDay;

export const DOCUMENTS_PAGE_SIZE = 50;

/** GET /api/admin/billing/documents: the issued documents of a period, newest first, a page at a time. */
export const documentsQuerySchema = z.object({
  kind: z.enum(DOCUMENT_KIND_FILTERS).default('all'),
  from: day.optional(),
  to: day.optional(),
  /** The last document shown (the previous page's `next`). */
  after: afterCursor,
  limit: pageLimit(DOCUMENTS_PAGE_SIZE),
});
export type DocumentsQuery = z.infer<typeof documentsQuerySchema>;

/** What the official checks said about a document's UBL; null while it is being made. */
export const documentValidationSchema = z.object({
  /** null: the rules are not installed (EINVOICE_RULES_DIR), the document was issued unchecked. */
  valid: z.boolean().nullable(),
  /** The broken rules (fatal or error), e.g. `BR-CO-15: ...`. */
  errors: z.array(z.object({ rule: z.string(), message: z.string() })),
  warnings: z.number().int(),
  checked_at: isoDate.nullable(),
});
export type DocumentValidationDto = z.infer<typeof documentValidationSchema>;

export const billingDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  issued_at: isoDate,
  order_id: z.number().int(),
  user_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  buyer_vat_number: z.string().nullable(),
  /** standard, reverse_charge, oss, outside_scope. */
  vat_scheme: z.string(),
  net_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  currency: z.string(),
  payment_method: z.string().nullable(),
  /** A credit note: the invoice it corrects. */
  corrects_number: z.string().nullable(),
  validation: documentValidationSchema.nullable(),
});
export type BillingDocumentDto = z.infer<typeof billingDocumentSchema>;
export const billingDocumentsPageSchema = z.object({
  documents: z.array(billingDocumentSchema),
  next: nextCursor,
  hasMore: z.boolean(),
});

/** GET /api/admin/billing/export: a period's documents (UBL + PDF) and the CSV ledger, in a zip. */
export const exportQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: 'La date de fin précède la date de début.', path: ['to'] });
export type ExportQuery = z.infer<typeof exportQuerySchema>;
