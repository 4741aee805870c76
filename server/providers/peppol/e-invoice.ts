import EInvoice, { APIConnectionError, APIError, toFile } from 'e-invoice-api';
import { AccessPointError, type AccessPoint, type AccessPointDeliveryState, type AccessPointVerdict } from './types';

// e-invoice.be, a certified Peppol access point, through its official SDK (e-invoice-api):
//   POST /api/documents/ubl             (multipart `file`)  -> the document, state DRAFT
//   POST /api/documents/{id}/validate                       -> its Peppol BIS 3.0 check {is_valid, issues}
//   POST /api/documents/{id}/send?receiver_peppol_scheme=&receiver_peppol_id= -> state TRANSIT
//   GET  /api/documents/{id}                                -> state TRANSIT, SENT (delivered) or FAILED
// Authorization: Bearer <API key>. The key stays in the SDK client: it is never logged, and no
// error this adapter throws or returns carries it.

type DocumentResponse = EInvoice.DocumentResponse;
type UblDocumentValidation = EInvoice.UblDocumentValidation;

export const E_INVOICE_DEFAULT_BASE = 'https://api.e-invoice.be';

export interface EInvoiceAccessPointConfig {
  apiKey: string;
  /** Another base (a test fake); e-invoice.be's by default. */
  apiBase?: string;
  /** Per call; the job that sends has its own claim of five minutes. */
  timeoutMs?: number;
}

/** Statuses worth asking again: the access point was busy, down, or answered while it changed. */
const RETRYABLE = new Set([401, 403, 408, 409, 429]);

/** The access point's own words: FastAPI's `detail` (a text, or a list of {msg}), else its message. */
function detailOf(error: APIError): string {
  const body = error.error as { detail?: unknown; message?: unknown } | undefined;
  const detail = body?.detail;
  if (typeof detail === 'string' && detail.trim()) return detail.trim();
  if (Array.isArray(detail)) {
    const messages = detail
      .map((item) => (item && typeof item === 'object' && 'msg' in item ? String((item as { msg: unknown }).msg) : null))
      .filter((msg): msg is string => Boolean(msg));
    if (messages.length) return messages.join('; ');
  }
  if (typeof body?.message === 'string' && body.message.trim()) return body.message.trim();
  return `HTTP ${error.status ?? '?'}`;
}

/**
 * A failed call: thrown as AccessPointError when trying again may work (no answer, 5xx, 429, a
 * refused key that staff may fix), or returned as a refusal (the access point said no to this
 * document: 400, 404, 422).
 */
function classify(step: string, error: unknown): { refusal: string } {
  if (error instanceof APIConnectionError) {
    throw new AccessPointError(`e-invoice.be ${step}: ${error.message || 'no answer'}`);
  }
  if (error instanceof APIError) {
    const status = error.status ?? null;
    if (status === null || status >= 500 || RETRYABLE.has(status)) {
      const why = status === 401 || status === 403 ? 'the API key was refused' : detailOf(error);
      throw new AccessPointError(`e-invoice.be ${step}: ${status ?? 'no status'} ${why}`, status);
    }
    return { refusal: detailOf(error) };
  }
  throw error;
}

function verdictOf(validation: UblDocumentValidation): AccessPointVerdict {
  return {
    valid: validation.is_valid,
    issues: validation.issues.map((issue) => ({
      rule: issue.rule_id ?? null,
      message: issue.message,
      severity: issue.type === 'warning' ? 'warning' : 'error',
    })),
  };
}

/** What a refused validation says, in one line for staff: its first errors with their rules. */
function refusalOf(verdict: AccessPointVerdict): string {
  const errors = verdict.issues.filter((issue) => issue.severity === 'error');
  const shown = errors.slice(0, 3).map((issue) => (issue.rule ? `${issue.rule}: ${issue.message}` : issue.message));
  const more = errors.length > shown.length ? ` (+${errors.length - shown.length})` : '';
  return `e-invoice.be validation refused the document: ${shown.join('; ') || 'no details'}${more}`;
}

/** The access point's document state, in the shop's words. DRAFT/TRANSIT: still on its way. */
function stateOf(document: DocumentResponse): AccessPointDeliveryState {
  switch (document.state) {
    case 'SENT':
    case 'RECEIVED':
      return { status: 'delivered' };
    case 'FAILED':
      return { status: 'rejected', reason: 'e-invoice.be could not deliver the document to the recipient (state FAILED)' };
    default:
      return { status: 'sent' };
  }
}

export function createEInvoiceAccessPoint(config: EInvoiceAccessPointConfig): AccessPoint {
  const client = new EInvoice({
    apiKey: config.apiKey,
    baseURL: config.apiBase ?? E_INVOICE_DEFAULT_BASE,
    timeout: config.timeoutMs ?? 30_000,
    maxRetries: 0, // the delivery job retries with its own backoff, and records every try
    logLevel: 'off', // its debug level prints requests; ours are logged by the job
  });

  return {
    name: 'e-invoice',

    async send(input) {
      let created: DocumentResponse;
      try {
        const file = await toFile(Buffer.from(input.ublXml, 'utf8'), `${input.documentNumber}.xml`, { type: 'application/xml' });
        created = await client.documents.ubl.createFromUbl({ file });
      } catch (error) {
        return { status: 'rejected', apDocumentId: null, reason: classify('upload', error).refusal };
      }

      let verdict: AccessPointVerdict;
      try {
        verdict = verdictOf(await client.documents.validate(created.id));
      } catch (error) {
        return { status: 'rejected', apDocumentId: created.id, reason: classify('validation', error).refusal };
      }
      if (!verdict.valid) return { status: 'rejected', apDocumentId: created.id, reason: refusalOf(verdict), verdict };

      try {
        const sent = await client.documents.send(created.id, {
          receiver_peppol_scheme: input.recipient.scheme,
          receiver_peppol_id: input.recipient.id,
        });
        const state = stateOf(sent);
        if (state.status === 'rejected') return { status: 'rejected', apDocumentId: created.id, reason: state.reason, verdict };
        return { status: state.status, apDocumentId: created.id, verdict };
      } catch (error) {
        return { status: 'rejected', apDocumentId: created.id, reason: classify('send', error).refusal, verdict };
      }
    },

    async status(apDocumentId) {
      try {
        return stateOf(await client.documents.retrieve(apDocumentId));
      } catch (error) {
        // Whatever it answers (a 404 included), the document's fate is unknown: ask again later.
        if (error instanceof APIError)
          throw new AccessPointError(`e-invoice.be status: ${error.status ?? 'no status'} ${detailOf(error)}`, error.status ?? null);
        throw error;
      }
    },
  };
}
