import type { Knex } from 'knex';
import { TICKET_STATUSES } from '../shared/constants';
import { checkIn } from '../server/db/schema-helpers';

// Staff answers to support tickets (back-office "Support", the customer's Support page), and the
// ticket status 'answered' they set.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('support_ticket_replies', (t) => {
    t.increments('id');
    t.integer('ticket_id').notNullable().references('support_tickets.id').onDelete('CASCADE');
    t.integer('author_id').references('users.id').onDelete('SET NULL'); // the agent; kept if they leave
    t.text('message').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['ticket_id', 'created_at']);
  });
  await knex.raw(
    'ALTER TABLE support_ticket_replies ADD CONSTRAINT support_ticket_replies_message_not_empty CHECK (length(trim(message)) > 0)',
  );
  await knex.raw('ALTER TABLE support_tickets DROP CONSTRAINT support_tickets_status_check');
  await knex.raw(checkIn('support_tickets', 'status', TICKET_STATUSES));
}

export async function down(knex: Knex): Promise<void> {
  await knex('support_tickets').where({ status: 'answered' }).update({ status: 'in_progress' });
  await knex.raw('ALTER TABLE support_tickets DROP CONSTRAINT support_tickets_status_check');
  await knex.raw(checkIn('support_tickets', 'status', ['open', 'in_progress', 'closed']));
  await knex.schema.dropTable('support_ticket_replies');
}
