import type { Knex } from 'knex';

// What the outbox needs from invoices: the PDF a mail carries, read when the mail leaves. The mail
// module owns this port and invoices implements it (documentAttachments, wired where a mailer is
// made: app.ts, main.ts, test support), so mail never imports invoices, which queue their mails here.

export interface MailAttachments {
  /** The stored PDF of an issued document and its file name; null while it is not rendered yet. */
  documentPdf(db: Knex, documentId: number): Promise<{ filename: string; content: Buffer } | null>;
}
