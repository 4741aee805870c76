import { mailFailureIdParams, mailFailuresPageSchema, mailFailuresQuerySchema, mailRetrySchema } from '../schemas/mail-failures';
import { auditLogPageSchema, auditLogQuerySchema } from '../schemas/staff/logs';
import { endpoint } from './endpoint';

/** Category 5 "Logs" (admin only): the audit log, and the mails that did not leave. */
export const staffLogsApi = {
  auditLog: endpoint({
    method: 'get',
    path: '/api/admin/logs',
    summary: 'Who did what, when: the audit log, filtered, 50 a page',
    tag: 'staff-logs',
    access: 'staff',
    query: auditLogQuerySchema,
    response: auditLogPageSchema,
  }),
  mailFailures: endpoint({
    method: 'get',
    path: '/api/admin/mail-failures',
    summary: 'The mails given up or waiting for a retry, newest first',
    tag: 'staff-logs',
    access: 'staff',
    query: mailFailuresQuerySchema,
    response: mailFailuresPageSchema,
  }),
  retryMail: endpoint({
    method: 'post',
    path: '/api/admin/mail-failures/{id}/retry',
    summary: 'Puts a mail that did not leave back in line and tries it at once',
    tag: 'staff-logs',
    access: 'staff',
    params: mailFailureIdParams,
    response: mailRetrySchema,
  }),
};
