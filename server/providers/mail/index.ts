import type { Logger } from 'pino';
import type { Config } from '../../config';
import { createOutboxOnlyTransport } from './outbox-only';
import { createSmtpTransport } from './smtp';
import type { MailTransport } from './types';

/** SMTP when SMTP_URL is set, the outbox-only sandbox otherwise (DESIGN.md §2). */
export function createMailTransport(mail: Config['mail'], logger: Pick<Logger, 'info'>): MailTransport {
  return mail.smtpUrl ? createSmtpTransport(mail.smtpUrl, mail.from) : createOutboxOnlyTransport(logger);
}
