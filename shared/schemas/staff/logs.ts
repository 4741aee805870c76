import { z } from 'zod';
import { idParam } from '../ids';
import { afterCursor, nextCursor, pageLimit } from '../paging';
import { isoDate } from './common';
import { calendarDayOrInstant } from '../calendar-day';

// Category 5 "Logs": the audit log.

export const AUDIT_LOG_PAGE_SIZE = 50;

/** A day (2026-11-21, the whole day in UTC) or an instant with its offset (2026-11-21T10:00:00Z). */
const logDate = calendarDayOrInstant;

/**
 * GET /api/admin/logs (admin only): the audit log, 50 a page, newest first. `actor`: a user id, an
 * e-mail, or 'system' (jobs and webhooks); `action`: a prefix ('order.' or 'order.taken');
 * `from`/`to`: inclusive bounds (a bare day covers the whole day).
 */
export const auditLogQuerySchema = z
  .object({
    actor: z
      .string()
      .trim()
      .max(254)
      .regex(/^(\d+|system|[^\s@]+@[^\s@]+)$/, 'Identifiant, e-mail ou « system » attendu.')
      // A number names a user: it must be one that can exist (shared/schemas/ids.ts).
      .refine((actor) => !/^\d+$/.test(actor) || idParam.safeParse(actor).success, 'Identifiant, e-mail ou « system » attendu.')
      .optional(),
    action: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z0-9_.]+$/, 'Préfixe d’action attendu (ex. order. ou ticket.replied).')
      .optional(),
    from: logDate.optional(),
    to: logDate.optional(),
    /** The last entry shown (the previous page's `next`). */
    after: afterCursor,
    limit: pageLimit(AUDIT_LOG_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from.slice(0, 10) <= q.to.slice(0, 10), { path: ['to'], message: 'La fin précède le début.' });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** One audit row as the Logs category shows it: who (name and e-mail; null: the system), what, when. */
export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: isoDate,
});
export type AuditLogEntryDto = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  limit: z.number().int(),
  next: nextCursor,
  /** Whether a next page exists. */
  hasMore: z.boolean(),
});
export type AuditLogPageDto = z.infer<typeof auditLogPageSchema>;
