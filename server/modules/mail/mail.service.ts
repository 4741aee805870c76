import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Language } from '../../../shared/i18n/languages';
import { systemClock, type Clock } from '../../clock/clock';
import type { MailTransport } from '../../providers/mail/types';
import { renderMail, type MailDetails, type MailSeller, type MailTemplate } from './mail.templates';
import { insertOutboxMail } from './outbox.repo';
import { createOutboxSender } from './outbox-sender';
import type { MailAttachments } from './ports/mail-attachments';

export interface Recipient {
  email: string;
  fullName: string;
  language: Language;
}

const TEMPLATE_NAMES: Record<MailTemplate, string> = {
  verify: 'verify_email',
  reset: 'reset_password',
  paymentReceived: 'payment_received',
  bankTransfer: 'bank_transfer_instructions',
  ticketAnswered: 'ticket_answered',
  vpsDelivered: 'vps_delivered',
  orderReceived: 'order_received',
  renewalInvoice: 'renewal_invoice',
  renewalReminder: 'renewal_reminder',
  renewalDue: 'renewal_due',
  renewalChargeDeclined: 'renewal_charge_declined',
  renewalChargeAction: 'renewal_charge_action',
  cardExpiring: 'card_expiring',
  serviceSuspended: 'service_suspended',
  serviceReactivated: 'service_reactivated',
  serviceTerminated: 'service_terminated',
  serviceEnded: 'service_ended',
  reservationExpired: 'reservation_expired',
  orderRefunded: 'order_refunded',
  renewalPaid: 'renewal_paid',
  paymentRefunded: 'payment_refunded',
  invoiceIssued: 'invoice_issued',
  creditNoteIssued: 'credit_note_issued',
  invoicePeppol: 'invoice_peppol',
  creditNotePeppol: 'credit_note_peppol',
  passwordChanged: 'password_changed',
  emailChangeConfirm: 'email_change_confirm',
  emailChangeNotice: 'email_change_notice',
  accountDeleted: 'account_deleted',
  secondFactorEnabled: 'second_factor_enabled',
  secondFactorDisabled: 'second_factor_disabled',
  secondFactorReset: 'second_factor_reset',
  accountClaimed: 'account_claimed',
  gameServerDelivered: 'game_server_delivered',
  deliveryNeedsStaff: 'delivery_needs_staff',
};

export interface Notice {
  template: MailTemplate;
  /** Path under /{lng}/ the button opens, e.g. 'PanelCLient?tab=factures'. */
  path: string;
  vars?: Record<string, string>;
  details?: MailDetails;
  /** The same key twice (a retried job) writes the mail once. */
  dedupeKey: string;
  /** An issued document whose PDF the mail carries. */
  attachDocumentId?: number;
}

/**
 * Mails go through the mail_outbox table: written (pending) in the caller's transaction, so a
 * rolled-back registration sends nothing, then handed to the transport once the caller committed.
 * Delivery runs in the background: an answer never waits on (or reveals, by its timing) a mail.
 * A mail that could not leave is retried by the mail-outbox job (drain) with backoff.
 */
export function createMailer(deps: {
  db: Knex;
  transport: MailTransport;
  /** Reads the PDF a mail carries when it leaves (invoices implement it: documentAttachments). */
  attachments: MailAttachments;
  publicUrl: string;
  logger: Pick<Logger, 'warn' | 'info'>;
  /** When retries are due; tests move it instead of sleeping. */
  clock?: Clock;
  /** Who sells (SELLER_*): every mail's foot names the company, as its invoices do. */
  seller?: MailSeller;
}) {
  const { db, transport, attachments, publicUrl, logger, clock = systemClock, seller } = deps;
  const inFlight = new Set<Promise<void>>();
  const sender = createOutboxSender({ db, transport, attachments, clock, logger });

  async function queue(trx: Knex, template: MailTemplate, to: Recipient, path: string, token: string) {
    const link = `${publicUrl}/${to.language}/${path}?token=${encodeURIComponent(token)}`;
    const mail = renderMail(template, to.language, { name: to.fullName, link }, [], seller);
    return insertOutboxMail(trx, {
      to_email: to.email,
      template: TEMPLATE_NAMES[template],
      language: to.language,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      next_attempt_at: clock.now(),
    });
  }

  return {
    /**
     * A notice about an order (payment received, bank transfer details), written in the caller's
     * transaction; null when a mail with this dedupeKey was already written.
     */
    async queueNotice(trx: Knex, to: Recipient, notice: Notice): Promise<number | null> {
      const link = `${publicUrl}/${to.language}/${notice.path}`;
      const mail = renderMail(notice.template, to.language, { ...notice.vars, name: to.fullName, link }, notice.details, seller);
      return insertOutboxMail(trx, {
        to_email: to.email,
        template: TEMPLATE_NAMES[notice.template],
        language: to.language,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        dedupe_key: notice.dedupeKey,
        next_attempt_at: clock.now(),
        ...(notice.attachDocumentId ? { attachment_document_id: notice.attachDocumentId } : {}),
      });
    },
    /** The e-mail confirmation mail, written in the caller's transaction; returns the outbox id. */
    queueVerification(trx: Knex, to: Recipient, token: string): Promise<number> {
      return queue(trx, 'verify', to, 'verify-email', token);
    },
    queuePasswordReset(trx: Knex, to: Recipient, token: string): Promise<number> {
      return queue(trx, 'reset', to, 'reset-password', token);
    },
    /** Call after the transaction committed: the first try, in the background. */
    send(ids: number[]): void {
      for (const id of ids) {
        const job: Promise<void> = sender
          .sendNow(id)
          .then(() => undefined)
          .catch((err: unknown) => logger.warn({ mailId: id, error: String(err).slice(0, 300) }, 'mail delivery failed'))
          .finally(() => inFlight.delete(job));
        inFlight.add(job);
      }
    },
    /** Sends every mail whose retry is due (the mail-outbox job). */
    drain: sender.drain,
    /** The clock retries are scheduled on (a staff retry is due "now" by it). */
    clock,
    /** Resolves when every mail handed to send() so far is done (tests, graceful shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
