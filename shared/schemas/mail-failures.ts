import { z } from 'zod';

/** GET /api/admin/mail-failures?page= (Logs, admin only): 50 a page, newest first. */
export const mailFailuresQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type MailFailuresQuery = z.infer<typeof mailFailuresQuerySchema>;

export const MAIL_FAILURES_PAGE_SIZE = 50;

/** POST /api/admin/mail-failures/:id/retry */
export const mailFailureIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * A mail that could not leave: given up ('failed', staff may send it again) or waiting for its
 * next try ('pending' with attempts). The body is not shown: it may hold a one-time link.
 */
export interface MailFailureDto {
  id: number;
  status: 'failed' | 'pending';
  to: string;
  template: string;
  subject: string;
  language: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface MailFailuresPageDto {
  mails: MailFailureDto[];
  page: number;
  limit: number;
  hasMore: boolean;
}

export interface MailRetryDto {
  mail: MailFailureDto;
}
