import type { Logger } from 'pino';
import type { MailTransport, OutgoingMail } from './types';

/**
 * The sandbox adapter (no SMTP_URL): the mail stays in the mail_outbox table, where a developer
 * reads it. The log names recipient and subject only: the body holds a one-time link.
 */
export function createOutboxOnlyTransport(logger: Pick<Logger, 'info'>): MailTransport {
  return {
    delivers: false,
    maxSendMs: 0,
    async send(mail: OutgoingMail) {
      logger.info({ to: mail.to, subject: mail.subject }, 'mail kept in outbox');
    },
    async close() {},
  };
}
