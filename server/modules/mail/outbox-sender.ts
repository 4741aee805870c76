import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { MailTransport } from '../../providers/mail/types';
import { claimPendingMail, markAttemptFailed, markMailSent } from './outbox.repo';
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

/**
 * The one way a mail leaves the outbox, for the first try and every retry: the row stays locked
 * while it is handed to the transport, so two instances never send the same mail.
 */
export function createOutboxSender(deps: { db: Knex; transport: MailTransport; clock: Clock; logger: Pick<Logger, 'warn' | 'info'> }) {
  const { db, transport, clock, logger } = deps;

  function sendOne(by: { id: number } | { dueAt: Date }): Promise<SendOutcome> {
    return db.transaction(async (trx) => {
      const row = await claimPendingMail(trx, by);
      if (!row) return 'none';
      const mail = { to: row.to_email, subject: row.subject, text: row.text_body, html: row.html_body ?? '' };
      if (!transport.delivers) {
        await transport.send(mail); // the sandbox: the row stays pending in the outbox
        return 'kept';
      }
      try {
        await transport.send(mail);
      } catch (err) {
        const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
        const attempts = row.attempts + 1;
        const retryAt = nextMailAttempt(attempts, clock.now());
        logger.warn(
          { mailId: row.id, attempts, retryAt: retryAt?.toISOString() ?? null, error: message.slice(0, 300) },
          retryAt ? 'mail not sent, will be retried' : 'mail not sent, given up',
        );
        await markAttemptFailed(trx, row.id, message, retryAt);
        return retryAt ? 'retry' : 'failed';
      }
      await markMailSent(trx, row.id);
      return 'sent';
    });
  }

  return {
    /** Tries this mail now if it is still pending (first try, or a retry asked by staff). */
    sendNow: (id: number) => sendOne({ id }),

    /** Sends every pending mail whose next try is due by the clock. The sandbox sends nothing. */
    async drain(): Promise<DrainReport> {
      const report: DrainReport = { sent: 0, retry: 0, failed: 0 };
      if (!transport.delivers) return report;
      const dueAt = clock.now();
      for (let i = 0; i < DRAIN_BATCH; i++) {
        const outcome = await sendOne({ dueAt });
        if (outcome === 'none' || outcome === 'kept') break;
        report[outcome]++;
      }
      if (report.sent || report.retry || report.failed) logger.info(report, 'mail outbox drained');
      return report;
    },
  };
}
