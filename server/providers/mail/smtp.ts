import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './types';

export interface SmtpTimeouts {
  /** To connect and receive the server's greeting (nodemailer waits 2 min and 30 s by default). */
  connectMs: number;
  /** The whole delivery of one mail, greeting included: past it the connection is dropped. */
  sendMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectMs: 10_000, sendMs: 60_000 };

/** A server that goes silent in the middle of the conversation is dropped after this long (at most the whole send). */
const SOCKET_IDLE_MS = 30_000;

/**
 * The real adapter: nodemailer on SMTP_URL (smtp:// or smtps://, credentials in the URL), with
 * explicit timeouts: a server that accepts the connection and never answers costs a send at most
 * `sendMs`, never nodemailer's minutes.
 */
export function createSmtpTransport(smtpUrl: string, from: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.connectMs,
    socketTimeout: Math.min(SOCKET_IDLE_MS, timeouts.sendMs),
  });
  return {
    delivers: true,
    maxSendMs: timeouts.sendMs,
    async send(mail: OutgoingMail) {
      // The deadline covers a server that answers, slowly, every command: nodemailer closes the connection on abort.
      const message = {
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        signal: AbortSignal.timeout(timeouts.sendMs),
      };
      await transporter.sendMail(message);
    },
    async close() {
      transporter.close();
    },
  };
}
