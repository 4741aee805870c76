import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './types';

/** The real adapter: nodemailer on SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    async send(mail: OutgoingMail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async close() {
      transporter.close();
    },
  };
}
