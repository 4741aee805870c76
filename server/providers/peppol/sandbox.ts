import type { Knex } from 'knex';
import { findSandboxDocument, insertSandboxDocument, settleSandboxDocument } from './sandbox.repo';
import { AccessPointError, type AccessPoint, type PeppolRecipient } from './types';
import { systemClock } from '../../clock/clock';

/**
 * A recipient the sandbox always refuses, to show (and test) a rejection: a well-formed Belgian
 * enterprise number (mod 97) that no company holds. Give a demo customer the VAT number
 * BE0999999922 and its documents go sent -> rejected instead of sent -> delivered.
 */
export const SANDBOX_REJECTING_RECIPIENT: PeppolRecipient = { scheme: '0208', id: '0999999922' };

export const SANDBOX_REJECTION_REASON =
  'Sandbox: the recipient 0208:0999999922 refuses every document (it stands for a buyer whose access point rejects the invoice).';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const refuses = (recipient: { scheme: string; id: string }) =>
  recipient.scheme === SANDBOX_REJECTING_RECIPIENT.scheme && recipient.id === SANDBOX_REJECTING_RECIPIENT.id;

/**
 * The access point when none is configured: nothing leaves the machine. A document is kept in
 * peppol_sandbox_documents as "sent"; its first status check delivers it (or rejects it for
 * SANDBOX_REJECTING_RECIPIENT). Its state lives in the database, so any instance answers.
 */
export function createSandboxAccessPoint(deps: { db: Knex }): AccessPoint {
  const { db } = deps;
  return {
    name: 'sandbox',
    async send(input) {
      const apDocumentId = await insertSandboxDocument(db, input);
      return { status: 'sent', apDocumentId };
    },
    async status(apDocumentId) {
      const found = UUID.test(apDocumentId) ? await findSandboxDocument(db, apDocumentId) : undefined;
      if (!found) throw new AccessPointError(`Sandbox: no document ${apDocumentId}`, 404);
      const rejected = refuses({ scheme: found.recipient_scheme, id: found.recipient_id });
      // The sandbox stands for the access point: its rows keep the access point's own (system) time.
      const row = await settleSandboxDocument(
        db,
        apDocumentId,
        { status: rejected ? 'rejected' : 'delivered', reason: rejected ? SANDBOX_REJECTION_REASON : null },
        systemClock.now(),
      );
      if (row?.status === 'rejected') return { status: 'rejected', reason: row.reason ?? SANDBOX_REJECTION_REASON };
      return { status: 'delivered' };
    },
  };
}
