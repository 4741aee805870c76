import type { Knex } from 'knex';
import { MAIL_STATUSES, TICKET_STATUSES, WALLET_TRANSACTION_TYPES } from '../shared/constants';
import { LANGUAGES } from '../shared/i18n/languages';
import { checkIn, timestamps } from '../server/db/schema-helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('support_tickets', (t) => {
    t.increments('id');
    t.integer('user_id').references('users.id').onDelete('SET NULL'); // null: sent by a visitor
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('subject').notNullable().defaultTo('');
    t.text('message').notNullable();
    t.text('status').notNullable().defaultTo('open');
    t.integer('assigned_to').references('users.id').onDelete('SET NULL');
    timestamps(t, knex);
    t.index(['user_id', 'created_at']);
    t.index(['status', 'created_at']);
  });
  await knex.raw(checkIn('support_tickets', 'status', TICKET_STATUSES));

  await knex.schema.createTable('wallet_transactions', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('type').notNullable();
    t.bigInteger('amount_cents').notNullable(); // signed: credits add, debits subtract
    t.text('description').notNullable().defaultTo('');
    t.integer('order_id').references('orders.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(checkIn('wallet_transactions', 'type', WALLET_TRANSACTION_TYPES));
  await knex.raw('ALTER TABLE wallet_transactions ADD CONSTRAINT wallet_transactions_non_zero CHECK (amount_cents <> 0)');

  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.integer('actor_id').references('users.id').onDelete('SET NULL'); // null: the system (jobs, webhooks)
    t.text('action').notNullable();
    t.text('entity_type').notNullable();
    t.text('entity_id').notNullable();
    t.jsonb('before');
    t.jsonb('after');
    t.text('ip');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['entity_type', 'entity_id']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('mail_outbox', (t) => {
    t.increments('id');
    t.text('to_email').notNullable();
    t.text('template').notNullable();
    t.text('language').notNullable().defaultTo('fr');
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('sent_at', { useTz: true });
    timestamps(t, knex);
    t.index(['status', 'created_at']);
  });
  await knex.raw(checkIn('mail_outbox', 'status', MAIL_STATUSES));
  await knex.raw(checkIn('mail_outbox', 'language', LANGUAGES));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_outbox');
  await knex.schema.dropTable('audit_log');
  await knex.schema.dropTable('wallet_transactions');
  await knex.schema.dropTable('support_tickets');
}
