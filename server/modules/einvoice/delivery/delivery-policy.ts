import type { EinvoiceDeliveryStatus } from '../../../../shared/schemas/einvoice-deliveries';
import type { PeppolId } from '../../../shared/peppol-ids';
import type { BillingDocumentRow } from '../../invoices/billing-documents.repo';

// Which documents go through Peppol, and when a try or a status check comes again.

/** EAS 0208: a Belgian enterprise number, what a Belgian VAT-registered business is reached by. */
export const BELGIAN_ENTERPRISE_SCHEME = '0208';

/**
 * Where Peppol delivers this document: a Belgian VAT-registered business buyer (its endpoint under
 * 0208). Null for anyone else: a consumer, a foreign company (they get the PDF by mail).
 */
export function peppolRecipientOf(document: { data: Pick<BillingDocumentRow['data'], 'buyer'> }): PeppolId | null {
  const buyer = document.data.buyer;
  const endpoint = buyer.endpoint;
  if (!buyer.isBusiness || !endpoint || endpoint.scheme !== BELGIAN_ENTERPRISE_SCHEME || !/^[01]\d{9}$/.test(endpoint.id)) return null;
  return { scheme: endpoint.scheme, id: endpoint.id };
}

/** The official checks found it wrong: such a UBL never leaves (valid null: no rules installed, sent unchecked). */
export const isBlockedByValidation = (document: Pick<BillingDocumentRow, 'validation'>) => document.validation?.valid === false;

/** What the checks said, in one line (an event's detail): its first broken rules. */
export function validationSummary(document: Pick<BillingDocumentRow, 'validation'>): string | null {
  const errors = document.validation?.errors ?? [];
  if (!errors.length) return null;
  const shown = errors.slice(0, 3).map((e) => `${e.rule}: ${e.message}`);
  return `${shown.join('; ')}${errors.length > shown.length ? ` (+${errors.length - shown.length})` : ''}`.slice(0, 1000);
}

/** Staff may send again what was refused or given up, and what was blocked once its UBL is valid. */
export function canResend(status: EinvoiceDeliveryStatus, document: Pick<BillingDocumentRow, 'validation'>): boolean {
  if (status === 'rejected' || status === 'failed') return true;
  return status === 'blocked' && !isBlockedByValidation(document);
}

/** Waits between tries of one round: an access point down for a minute or for an afternoon. */
const SEND_RETRY_MINUTES = [1, 5, 15, 60, 180, 720] as const;

/** Tries in a round (the first included) before the delivery is `failed` for staff. */
export const MAX_SEND_ATTEMPTS = SEND_RETRY_MINUTES.length + 1;

/** When to try again after `attempts` failed tries of this round, or null when that was the last. */
export function nextSendAttempt(attempts: number, now: Date): Date | null {
  const minutes = SEND_RETRY_MINUTES[attempts - 1];
  if (attempts >= MAX_SEND_ATTEMPTS || minutes === undefined) return null;
  return new Date(now.getTime() + minutes * 60_000);
}

/** Waits between status checks of a sent document; after the last, every 12 hours. */
const STATUS_CHECK_MINUTES = [1, 5, 15, 60, 180, 360] as const;
const LATE_CHECK_MINUTES = 720;
/** A document still not delivered this long after it was sent is no longer asked about (it stays `sent`). */
export const STATUS_CHECK_WINDOW_DAYS = 30;

/** When to ask about a sent document again, after `checks` checks; null once the window is over. */
export function nextStatusCheck(checks: number, sentAt: Date, now: Date): Date | null {
  const minutes = STATUS_CHECK_MINUTES[checks] ?? LATE_CHECK_MINUTES;
  const next = new Date(now.getTime() + minutes * 60_000);
  return next.getTime() - sentAt.getTime() > STATUS_CHECK_WINDOW_DAYS * 86_400_000 ? null : next;
}
