import type { Knex } from 'knex';

// The back-office lists read a page after a cursor row, in the order they show (issue 18): each
// order below has an index in exactly that order (server/db/keyset.ts builds the comparison), so
// page 300 costs what page 1 costs. The orders' lists have theirs in 20261126180000.
const INDEXES: Record<string, string> = {
  // Utilisateurs: newest account first.
  users_newest_idx: 'ON users (created_at DESC, id DESC)',
  // Produits: active or archived, by name.
  products_by_name_idx: 'ON products (is_active, name, id)',
  // Logs: the audit log, newest first (the filters narrow it further).
  audit_log_newest_idx: 'ON audit_log (created_at DESC, id DESC)',
  // Logs, mails that did not leave: newest first, only those (the outbox holds every mail sent).
  mail_outbox_undelivered_newest_idx:
    "ON mail_outbox (created_at DESC, id DESC) WHERE status = 'failed' OR (status = 'pending' AND attempts > 0)",
  // Support: every ticket, newest first.
  support_tickets_newest_idx: 'ON support_tickets (created_at DESC, id DESC)',
  // The Support page: one customer's tickets, newest first.
  support_tickets_user_newest_idx: 'ON support_tickets (user_id, created_at DESC, id DESC)',
  // Support, comments: one status (pending oldest first, the others newest first) or all.
  ratings_comment_status_created_idx: 'ON ratings (comment_status, created_at, id) WHERE comment IS NOT NULL',
  ratings_comments_created_idx: 'ON ratings (created_at, id) WHERE comment IS NOT NULL',
  // Facturation, documents: newest issued first.
  billing_documents_newest_idx: 'ON billing_documents (issued_at DESC, id DESC)',
  // The panel's credit notes: one customer's, newest first.
  billing_documents_customer_newest_idx: 'ON billing_documents (user_id, kind, issued_at DESC, id DESC)',
  // Facturation, e-invoices: newest queued first, all or one status.
  einvoice_deliveries_newest_idx: 'ON einvoice_deliveries (queued_at DESC, id DESC)',
  einvoice_deliveries_status_newest_idx: 'ON einvoice_deliveries (status, queued_at DESC, id DESC)',
};

export async function up(knex: Knex): Promise<void> {
  for (const [name, definition] of Object.entries(INDEXES)) await knex.raw(`CREATE INDEX ${name} ${definition}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const name of Object.keys(INDEXES)) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
