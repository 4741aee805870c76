import type { Knex } from 'knex';

// A mail may carry an issued document's PDF (the invoice or credit note mail): the outbox names the
// document, and the sender attaches its stored PDF when the mail leaves (never a copy in the outbox).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.integer('attachment_document_id').references('billing_documents.id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => t.dropColumn('attachment_document_id'));
}
