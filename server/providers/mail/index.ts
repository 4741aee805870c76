import type { Logger } from 'pino';
import type { Config } from '../../config';
import { createOutboxOnlyTransport } from './outbox-only';
import { createSmtpTransport } from './smtp';
import type { MailTransport } from './types';

/** What the transport needs from the configuration; the SMTP timeouts default to DEFAULT_SMTP_TIMEOUTS. */
export type MailSettings = Omit<Config['mail'], 'timeouts'> & Partial<Pick<Config['mail'], 'timeouts'>>;

/** SMTP when SMTP_URL is set, the outbox-only sandbox otherwise (DESIGN.md §2). */
export function createMailTransport(mail: MailSettings, logger: Pick<Logger, 'info'>): MailTransport {
  return mail.smtpUrl ? createSmtpTransport(mail.smtpUrl, mail.from, mail.timeouts) : createOutboxOnlyTransport(logger);
}
