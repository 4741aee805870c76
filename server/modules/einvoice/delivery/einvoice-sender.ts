import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../../clock/clock';
import type { AccessPoint, AccessPointDeliveryState, AccessPointSendResult } from '../../../providers/peppol/types';
import { isBlockedByValidation, nextSendAttempt, nextStatusCheck, validationSummary } from './delivery-policy';
import {
  claimForSending,
  claimForStatusCheck,
  insertDeliveryEvent,
  releaseClaim,
  type ClaimedDelivery,
  type DeliveryChange,
  type DeliveryEvent,
} from './einvoice-deliveries.repo';

/** What one try did. */
export type SendOutcome = 'sent' | 'delivered' | 'rejected' | 'retry' | 'failed' | 'blocked' | 'none';
/** What one status check found. */
export type CheckOutcome = 'sent' | 'delivered' | 'rejected' | 'error' | 'none';

export interface SweepReport {
  sent: number;
  delivered: number;
  rejected: number;
  retry: number;
  failed: number;
  blocked: number;
}

/** A claim outlasts the adapter's calls (three of 30 s at most) with room to record the result. */
const CLAIM_MS = 5 * 60_000;
/** A sweep handles at most this many rows of each kind, and starts none after its budget. */
const SWEEP_BATCH = 100;
const SWEEP_BUDGET_MS = 4 * 60_000;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Hands documents to the access point and follows them: claim the row (a short write that
 * commits), call the access point with no transaction open, record the result with its event in
 * another short transaction. A try that fails is retried with backoff (MAX_SEND_ATTEMPTS in a
 * round, then `failed`); a refusal is final until staff resend. A sent document is asked about
 * until it is delivered or rejected.
 */
export function createEinvoiceSender(deps: { db: Knex; accessPoint: AccessPoint; clock: Clock; logger: Pick<Logger, 'info' | 'warn'> }) {
  const { db, accessPoint, clock, logger } = deps;

  const claimNow = () => {
    const now = clock.now();
    return { token: randomUUID(), now, until: new Date(now.getTime() + CLAIM_MS) };
  };

  /** The result and its event together; false when the claim ran out (another sender recorded its own). */
  async function record(
    row: ClaimedDelivery,
    change: DeliveryChange,
    event: Omit<DeliveryEvent, 'deliveryId' | 'at'> | null,
  ): Promise<boolean> {
    const now = clock.now();
    const recorded = await db.transaction(async (trx) => {
      const changed = await releaseClaim(trx, row.id, row.claim_token!, change, now);
      if (changed && event) await insertDeliveryEvent(trx, { ...event, deliveryId: row.id, at: now });
      return changed > 0;
    });
    if (!recorded) logger.warn({ deliveryId: row.id, document: row.document_number }, 'e-invoice result outlasted its claim: not recorded');
    return recorded;
  }

  const facts = (row: ClaimedDelivery) => ({
    deliveryId: row.id,
    documentId: row.document_id,
    document: row.document_number,
    recipient: `${row.recipient_scheme}:${row.recipient_id}`,
    accessPoint: accessPoint.name,
  });

  async function recordSent(row: ClaimedDelivery, result: AccessPointSendResult): Promise<SendOutcome> {
    const now = clock.now();
    const attempts = row.attempts + 1;
    const base = { access_point: accessPoint.name, attempts, ap_document_id: result.apDocumentId, ap_verdict: result.verdict ?? null };
    if (result.status === 'rejected') {
      await record(
        row,
        { ...base, status: 'rejected', next_attempt_at: null, last_error: null, rejection_reason: result.reason },
        { status: 'rejected', detail: result.reason },
      );
      logger.warn({ ...facts(row), reason: result.reason.slice(0, 300) }, 'e-invoice rejected by the access point');
      return 'rejected';
    }
    const delivered = result.status === 'delivered';
    await record(
      row,
      {
        ...base,
        status: result.status,
        next_attempt_at: null,
        last_error: null,
        sent_at: now,
        delivered_at: delivered ? now : null,
        status_checks: 0,
        next_check_at: delivered ? null : nextStatusCheck(0, now, now),
      },
      { status: result.status, detail: null },
    );
    logger.info({ ...facts(row), apDocumentId: result.apDocumentId }, delivered ? 'e-invoice delivered' : 'e-invoice sent');
    return result.status;
  }

  async function recordFailedTry(row: ClaimedDelivery, err: unknown): Promise<SendOutcome> {
    const message = messageOf(err);
    const attempts = row.attempts + 1;
    const retryAt = nextSendAttempt(attempts, clock.now());
    const status = retryAt ? 'queued' : 'failed';
    await record(
      row,
      { status, access_point: accessPoint.name, attempts, next_attempt_at: retryAt, last_error: message },
      { status, detail: message },
    );
    logger.warn(
      { ...facts(row), attempts, retryAt: retryAt?.toISOString() ?? null, error: message.slice(0, 300) },
      retryAt ? 'e-invoice not sent, will be retried' : 'e-invoice not sent, given up',
    );
    return retryAt ? 'retry' : 'failed';
  }

  async function attempt(row: ClaimedDelivery): Promise<SendOutcome> {
    // Checked again at the last moment: a UBL the official rules refuse is never sent.
    if (!row.ubl_xml || isBlockedByValidation(row)) {
      const detail = row.ubl_xml ? validationSummary(row) : 'The document has no UBL';
      await record(row, { status: 'blocked', next_attempt_at: null }, { status: 'blocked', detail });
      logger.warn(facts(row), 'e-invoice blocked: its UBL is not valid');
      return 'blocked';
    }
    let result: AccessPointSendResult;
    try {
      result = await accessPoint.send({
        documentNumber: row.document_number,
        kind: row.document_kind,
        ublXml: row.ubl_xml,
        recipient: { scheme: row.recipient_scheme, id: row.recipient_id },
      });
    } catch (err) {
      // An access point that could not be asked (AccessPointError), or anything unforeseen: the row
      // must not stay claimed until its claim runs out, so both count as a failed try.
      return recordFailedTry(row, err);
    }
    return recordSent(row, result);
  }

  async function check(row: ClaimedDelivery): Promise<CheckOutcome> {
    const now = clock.now();
    const checks = row.status_checks + 1;
    const sentAt = row.sent_at ?? row.queued_at;
    if (!row.ap_document_id || row.access_point !== accessPoint.name) {
      // Sent through another access point than the one configured now: nobody here can ask about it.
      const error = `Sent through ${row.access_point ?? 'an unknown access point'}; the shop now uses ${accessPoint.name}: its delivery cannot be followed`;
      await record(row, { status_checks: checks, next_check_at: null, last_error: error }, null);
      return 'error';
    }
    let state: AccessPointDeliveryState;
    try {
      state = await accessPoint.status(row.ap_document_id);
    } catch (err) {
      const message = messageOf(err);
      await record(row, { status_checks: checks, next_check_at: nextStatusCheck(checks, sentAt, now), last_error: message }, null);
      logger.warn({ ...facts(row), error: message.slice(0, 300) }, 'e-invoice status check failed, will ask again');
      return 'error';
    }
    if (state.status === 'sent') {
      await record(row, { status_checks: checks, next_check_at: nextStatusCheck(checks, sentAt, now), last_error: null }, null);
      return 'sent';
    }
    if (state.status === 'delivered') {
      await record(
        row,
        { status: 'delivered', status_checks: checks, next_check_at: null, delivered_at: now, last_error: null },
        { status: 'delivered' },
      );
      logger.info(facts(row), 'e-invoice delivered');
      return 'delivered';
    }
    await record(
      row,
      { status: 'rejected', status_checks: checks, next_check_at: null, last_error: null, rejection_reason: state.reason },
      { status: 'rejected', detail: state.reason },
    );
    logger.warn({ ...facts(row), reason: state.reason.slice(0, 300) }, 'e-invoice rejected after it was sent');
    return 'rejected';
  }

  return {
    /** Tries this delivery now if it is queued and nobody holds it (the job after the commit that queued it). */
    async sendNow(deliveryId: number): Promise<SendOutcome> {
      const row = await claimForSending(db, { id: deliveryId }, claimNow());
      return row ? attempt(row) : 'none';
    },

    /** Asks the access point about one sent delivery whose check is due. */
    async checkDue(): Promise<CheckOutcome> {
      const now = clock.now();
      const row = await claimForStatusCheck(db, now, claimNow());
      return row ? check(row) : 'none';
    },

    /** The tries that are due again and the status checks that are due, within one run's budget. */
    async sweep(): Promise<SweepReport> {
      const report: SweepReport = { sent: 0, delivered: 0, rejected: 0, retry: 0, failed: 0, blocked: 0 };
      const started = performance.now(); // the run's own duration, not a business time
      const inBudget = () => performance.now() - started < SWEEP_BUDGET_MS;
      for (let i = 0; i < SWEEP_BATCH && inBudget(); i++) {
        const row = await claimForSending(db, { dueAt: clock.now() }, claimNow());
        if (!row) break;
        const outcome = await attempt(row);
        if (outcome !== 'none') report[outcome]++;
      }
      for (let i = 0; i < SWEEP_BATCH && inBudget(); i++) {
        const outcome = await this.checkDue();
        if (outcome === 'none') break;
        if (outcome === 'delivered' || outcome === 'rejected') report[outcome]++;
      }
      if (Object.values(report).some((n) => n > 0)) logger.info(report, 'e-invoice deliveries swept');
      return report;
    },
  };
}

export type EinvoiceSender = ReturnType<typeof createEinvoiceSender>;
