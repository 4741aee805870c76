import type { Knex } from 'knex';
import { checkIn, timestamps } from '../server/db/schema-helpers';
import { EINVOICE_SEND_QUEUE, EINVOICE_SWEEP_QUEUE, JOB_SCHEMA } from '../server/jobs/queues';

// Peppol delivery of issued documents (issue 16): a Belgian VAT-registered buyer gets every invoice
// and credit note as a Peppol BIS 3.0 e-invoice through a certified access point. One row per
// document sent, its history of status changes, and the sandbox access point's own record.

/**
 * queued: waiting for a (first or next) try; sending: a sender holds it; sent: the access point
 * took it; delivered: the buyer's access point has it; rejected: refused (access point, network or
 * recipient); failed: every try failed; blocked: its UBL broke the official rules, never sent.
 */
const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'rejected', 'failed', 'blocked'];
const SANDBOX_STATUSES = ['sent', 'delivered', 'rejected'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('einvoice_deliveries', (t) => {
    t.increments('id');
    t.integer('document_id').notNullable().unique().references('billing_documents.id');
    t.text('access_point'); // which one took the last try (sandbox, e-invoice); null before the first
    t.text('recipient_scheme').notNullable(); // EAS code: 0208 for a Belgian enterprise number
    t.text('recipient_id').notNullable();
    t.text('status').notNullable();
    t.integer('attempts').notNullable().defaultTo(0); // tries of this round (a resend starts a new one)
    t.timestamp('next_attempt_at', { useTz: true }); // queued: when a sender may take it
    t.timestamp('claimed_until', { useTz: true }); // a sender's or a status check's hold
    t.uuid('claim_token');
    t.text('ap_document_id'); // the access point's id of the document
    t.text('last_error'); // why the last try or status check failed (retried)
    t.text('rejection_reason');
    t.jsonb('ap_verdict'); // the access point's own validation: {valid, issues:[{rule, message, severity}]}
    t.integer('status_checks').notNullable().defaultTo(0);
    t.timestamp('next_check_at', { useTz: true }); // sent: when to ask the access point again
    t.timestamp('queued_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    timestamps(t, knex);
    t.index(['status', 'id']);
  });
  await knex.raw(checkIn('einvoice_deliveries', 'status', DELIVERY_STATUSES));
  await knex.raw(
    'ALTER TABLE einvoice_deliveries ADD CONSTRAINT einvoice_deliveries_attempts CHECK (attempts >= 0 AND status_checks >= 0)',
  );
  // What the sweep looks for: tries that are due, and sent documents whose status is due a check.
  await knex.raw("CREATE INDEX einvoice_deliveries_due_idx ON einvoice_deliveries (next_attempt_at) WHERE status IN ('queued', 'sending')");
  await knex.raw("CREATE INDEX einvoice_deliveries_check_idx ON einvoice_deliveries (next_check_at) WHERE status = 'sent'");

  // What happened to a delivery, for staff: every status change, with its reason and who asked.
  await knex.schema.createTable('einvoice_delivery_events', (t) => {
    t.bigIncrements('id');
    t.integer('delivery_id').notNullable().references('einvoice_deliveries.id').onDelete('CASCADE');
    t.text('status').notNullable();
    t.text('detail');
    t.integer('actor_id').references('users.id').onDelete('SET NULL'); // null: the system
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['delivery_id', 'id']);
  });
  await knex.raw(checkIn('einvoice_delivery_events', 'status', DELIVERY_STATUSES));

  // The sandbox access point's own record (what a real one keeps on its side): what it was given.
  await knex.schema.createTable('peppol_sandbox_documents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('document_number').notNullable();
    t.text('kind').notNullable();
    t.text('recipient_scheme').notNullable();
    t.text('recipient_id').notNullable();
    t.text('ubl_xml').notNullable();
    t.text('status').notNullable();
    t.text('reason');
    timestamps(t, knex);
  });
  await knex.raw(checkIn('peppol_sandbox_documents', 'status', SANDBOX_STATUSES));

  // Databases migrated before these queues existed (a fresh one got them from the payments migration).
  for (const queue of [EINVOICE_SEND_QUEUE, EINVOICE_SWEEP_QUEUE]) {
    const { name, ...options } = queue;
    const exists = await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = ?`, [name]);
    if (!exists.rows.length) {
      await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const queue of [EINVOICE_SWEEP_QUEUE, EINVOICE_SEND_QUEUE]) {
    await knex.raw(`SELECT ${JOB_SCHEMA}.delete_queue(?)`, [queue.name]);
  }
  await knex.schema.dropTable('peppol_sandbox_documents');
  await knex.schema.dropTable('einvoice_delivery_events');
  await knex.schema.dropTable('einvoice_deliveries');
}
