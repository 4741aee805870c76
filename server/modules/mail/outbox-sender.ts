import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { MailTransport, OutgoingMail } from '../../providers/mail/types';
import type { MailAttachments } from './ports/mail-attachments';
import { claimPendingMail, findPendingMail, markAttemptFailed, markMailSent, type OutboxRow } from './outbox.repo';
import { nextMailAttempt } from './retry-backoff';

/** What one try did: sent, failed and rescheduled, failed for good, kept (sandbox), or nothing to send. */
export type SendOutcome = 'sent' | 'retry' | 'failed' | 'kept' | 'none';

export interface DrainReport {
  sent: number;
  retry: number;
  failed: number;
}

/** A run sends at most this many mails; the next run takes the rest. */
const DRAIN_BATCH = 200;
/** Nor does it start a send after this long, so a run stays within its job's 10 min (sends are capped at 5 min). */
const DRAIN_BUDGET_MS = 4 * 60_000;
/** A claim outlasts the transport's longest send by this much: time to record the result. */
const CLAIM_MARGIN_MS = 60_000;

/**
 * The mail as it leaves, with the PDF of the document it carries read from the stored rendering
 * (a document not rendered yet throws: the try fails and is retried with the others).
 */
async function outgoing(db: Knex, attachments: MailAttachments, row: OutboxRow): Promise<OutgoingMail> {
  const mail = { to: row.to_email, subject: row.subject, text: row.text_body, html: row.html_body ?? '' };
  if (row.attachment_document_id === null) return mail;
  const pdf = await attachments.documentPdf(db, row.attachment_document_id);
  if (!pdf) throw new Error(`document ${row.attachment_document_id} has no PDF yet`);
  return { ...mail, attachments: [{ ...pdf, contentType: 'application/pdf' }] };
}

/**
 * The one way a mail leaves the outbox, for the first try and every retry: claim the row (a short
 * write that commits at once), send with no transaction or connection held, then record the result
 * in another short write. A slow or silent mail server then holds mails, never the database pool.
 * A live claim keeps other senders off the mail; the claim of a sender that died runs out and the
 * mail is taken again.
 */
export function createOutboxSender(deps: {
  db: Knex;
  transport: MailTransport;
  attachments: MailAttachments;
  clock: Clock;
  logger: Pick<Logger, 'warn' | 'info'>;
}) {
  const { db, transport, attachments, clock, logger } = deps;
  const claimMs = transport.maxSendMs + CLAIM_MARGIN_MS;

  async function sendOne(by: { id: number } | { dueAt: Date }): Promise<SendOutcome> {
    const now = clock.now();
    const token = randomUUID();
    const row = await claimPendingMail(db, by, { token, now, until: new Date(now.getTime() + claimMs) });
    if (!row) return 'none';
    try {
      await transport.send(await outgoing(db, attachments, row));
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const attempts = row.attempts + 1;
      const retryAt = nextMailAttempt(attempts, clock.now());
      logger.warn(
        { mailId: row.id, attempts, retryAt: retryAt?.toISOString() ?? null, error: message.slice(0, 300) },
        retryAt ? 'mail not sent, will be retried' : 'mail not sent, given up',
      );
      if (!(await markAttemptFailed(db, row.id, token, message, retryAt, clock.now()))) lostClaim(row.id);
      return retryAt ? 'retry' : 'failed';
    }
    if (!(await markMailSent(db, row.id, token, clock.now()))) lostClaim(row.id);
    return 'sent';
  }

  function lostClaim(mailId: number) {
    logger.warn({ mailId }, 'mail send outlasted its claim: another sender took the mail, this result is not recorded');
  }

  /** The sandbox: the mail stays pending in the outbox, untried; nothing to claim. */
  async function keepInOutbox(id: number): Promise<SendOutcome> {
    const row = await findPendingMail(db, id);
    if (!row) return 'none';
    await transport.send(await outgoing(db, attachments, row));
    return 'kept';
  }

  return {
    /** Tries this mail now if it is still pending and unclaimed (first try, or a retry asked by staff). */
    sendNow: (id: number) => (transport.delivers ? sendOne({ id }) : keepInOutbox(id)),

    /** Sends every pending mail whose next try is due by the clock. The sandbox sends nothing. */
    async drain(): Promise<DrainReport> {
      const report: DrainReport = { sent: 0, retry: 0, failed: 0 };
      if (!transport.delivers) return report;
      const dueAt = clock.now();
      const started = performance.now(); // the run's own duration, not a business time
      for (let i = 0; i < DRAIN_BATCH && performance.now() - started < DRAIN_BUDGET_MS; i++) {
        const outcome = await sendOne({ dueAt });
        if (outcome === 'none' || outcome === 'kept') break;
        report[outcome]++;
      }
      if (report.sent || report.retry || report.failed) logger.info(report, 'mail outbox drained');
      return report;
    },
  };
}
