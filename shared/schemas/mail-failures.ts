import { z } from 'zod';
import { idParams } from './ids';

/** GET /api/admin/mail-failures?page= (Logs, admin only): 50 a page, newest first. */
export const mailFailuresQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type MailFailuresQuery = z.infer<typeof mailFailuresQuerySchema>;

export const MAIL_FAILURES_PAGE_SIZE = 50;

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
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type MailFailuresPageDto = z.infer<typeof mailFailuresPageSchema>;

export const mailRetrySchema = z.object({ mail: mailFailureSchema });
export type MailRetryDto = z.infer<typeof mailRetrySchema>;
