import type { Knex } from 'knex';
import type { PeppolRecipient } from './types';

// The sandbox access point's own record of what it was given (peppol_sandbox_documents).

export interface SandboxPeppolDocumentRow {
  id: string;
  document_number: string;
  kind: string;
  recipient_scheme: string;
  recipient_id: string;
  ubl_xml: string;
  status: 'sent' | 'delivered' | 'rejected';
  reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function insertSandboxDocument(
  db: Knex,
  document: { documentNumber: string; kind: string; recipient: PeppolRecipient; ublXml: string },
): Promise<string> {
  const [row] = await db('peppol_sandbox_documents')
    .insert({
      document_number: document.documentNumber,
      kind: document.kind,
      recipient_scheme: document.recipient.scheme,
      recipient_id: document.recipient.id,
      ubl_xml: document.ublXml,
      status: 'sent',
    })
    .returning('id');
  return (row as { id: string }).id;
}

export function findSandboxDocument(db: Knex, id: string): Promise<SandboxPeppolDocumentRow | undefined> {
  return db<SandboxPeppolDocumentRow>('peppol_sandbox_documents').where({ id }).first();
}

/** Moves a sent document on (delivered or rejected); a settled one keeps its outcome. */
export async function settleSandboxDocument(
  db: Knex,
  id: string,
  outcome: { status: 'delivered' | 'rejected'; reason: string | null },
  now: Date,
): Promise<SandboxPeppolDocumentRow | undefined> {
  const [row] = await db<SandboxPeppolDocumentRow>('peppol_sandbox_documents')
    .where({ id, status: 'sent' })
    .update({ ...outcome, updated_at: now })
    .returning('*');
  return (row as SandboxPeppolDocumentRow | undefined) ?? findSandboxDocument(db, id);
}
