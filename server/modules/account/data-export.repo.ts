import type { Knex } from 'knex';

// What the shop holds about one account, read for its owner's export (GDPR art. 15 and 20).
// Every query is filtered on the owner's id; secrets (password hashes, tokens, a server's
// encrypted password) are never selected.

export async function exportedRecords(db: Knex, userId: number) {
  const account = await db('users')
    .where({ id: userId })
    .first(
      'id',
      'email',
      'full_name',
      'user_type',
      'company_name',
      'vat_number',
      'address',
      'phone',
      'country',
      'currency',
      'language',
      'role',
      'wallet_cents',
      'avatar_url',
      'email_verified_at',
      'vat_check_status',
      'vat_checked_at',
      'vat_checked_number',
      'vat_check_name',
      'created_at',
      'updated_at',
    );
  const orders = await db('orders')
    .where({ user_id: userId })
    .orderBy('id')
    .select(
      'id',
      'uuid',
      'status',
      'os',
      'subtotal_cents',
      'tax_rate',
      'tax_cents',
      'total_cents',
      'currency',
      'payment_method',
      'transfer_reference',
      'payer_name',
      'payer_iban',
      'invoice_number',
      'invoiced_at',
      'paid_at',
      'delivered_at',
      'cancelled_at',
      'renewal_of_order_id',
      'due_at',
      'created_at',
    );
  // The owner's rows by a subquery, not a list of ids: the bind parameters stay two however many
  // orders the account has (a list of binds stops at 65,535, issue 18).
  const ownOrders = db('orders').where({ user_id: userId }).select('id');
  const orderLines = await db('order_lines')
    .whereIn('order_id', ownOrders)
    .orderBy('id')
    .select('order_id', 'name', 'price_cents', 'qty', 'tax_rate');
  const servers = await db('vps')
    .whereIn('order_id', ownOrders.clone())
    .orderBy('id')
    .select('order_id', 'service_name', 'ip', 'os', 'plan', 'region', 'state', 'started_at', 'expires_at');
  const services = await db('services')
    .where({ user_id: userId })
    .orderBy('id')
    .select(
      'id',
      'order_id',
      'kind',
      'status',
      'os',
      'variant',
      'host',
      'port',
      'delivered_at',
      'expires_at',
      'terminated_at',
      'created_at',
    );
  const sshKeys = await db('ssh_keys').where({ user_id: userId }).orderBy('id').select('name', 'public_key', 'fingerprint', 'created_at');
  const documents = await db('billing_documents')
    .where({ user_id: userId })
    .orderBy('id')
    .select('id', 'kind', 'number', 'order_id', 'issued_at', 'currency', 'net_cents', 'tax_cents', 'total_cents', 'payable_cents', 'pdf');
  const walletMovements = await db('wallet_transactions')
    .where({ user_id: userId })
    .orderBy('id')
    .select('type', 'amount_cents', 'description', 'order_id', 'created_at');
  const tickets = await db('support_tickets')
    .where({ user_id: userId })
    .orderBy('id')
    .select('id', 'name', 'email', 'subject', 'message', 'status', 'created_at');
  const ticketReplies = await db('support_ticket_replies')
    .whereIn('ticket_id', db('support_tickets').where({ user_id: userId }).select('id'))
    .orderBy('id')
    .select('ticket_id', 'message', 'created_at');
  const rating = await db('ratings').where({ user_id: userId }).first();
  const sessions = await db('sessions')
    .where({ user_id: userId, kind: 'login' })
    .orderBy('created_at')
    .select('created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'user_agent', 'ip');
  const activity = await db('audit_log')
    .where((w) => w.where({ entity_type: 'user', entity_id: String(userId) }).orWhere({ actor_id: userId }))
    .orderBy('id')
    .select('action', 'entity_type', 'entity_id', 'before', 'after', 'ip', 'created_at');
  return {
    account,
    orders,
    orderLines,
    servers,
    services,
    sshKeys,
    documents,
    walletMovements,
    tickets,
    ticketReplies,
    rating,
    sessions,
    activity,
  };
}
