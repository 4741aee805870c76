import { z } from 'zod';
import { idParams } from './ids';
import { afterCursor, nextCursor, pageLimit } from './paging';

export const MAIL_FAILURES_PAGE_SIZE = 50;

/** GET /api/admin/mail-failures?after= (Logs, admin only): 50 a page, newest first, after the mail `after`. */
export const mailFailuresQuerySchema = z.object({
  after: afterCursor,
  limit: pageLimit(MAIL_FAILURES_PAGE_SIZE),
});
export type MailFailuresQuery = z.infer<typeof mailFailuresQuerySchema>;

/** POST /api/admin/mail-failures/{id}/retry */
export const mailFailureIdParams = idParams;

/**
 * A mail that could not leave: given up ('failed', staff may send it again) or waiting for its
 * next try ('pending' with attempts). The body is not shown: it may hold a one-time link.
 */
export const mailFailureSchema = z.object({
  id: z.number().int(),
  status: z.enum(['failed', 'pending']),
  to: z.string(),
  template: z.string(),
  subject: z.string(),
  language: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type MailFailureDto = z.infer<typeof mailFailureSchema>;

export const mailFailuresPageSchema = z.object({
  mails: z.array(mailFailureSchema),
  limit: z.number().int(),
  next: nextCursor,
  hasMore: z.boolean(),
});
export type MailFailuresPageDto = z.infer<typeof mailFailuresPageSchema>;

export const mailRetrySchema = z.object({ mail: mailFailureSchema });
export type MailRetryDto = z.infer<typeof mailRetrySchema>;
