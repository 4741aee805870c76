import type { Knex } from 'knex';

/** `CHECK (column IN (...))` from a list of constants, so the database and the code share one list. */
export function checkIn(table: string, column: string, values: readonly string[]): string {
  const list = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return `ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_check CHECK (${column} IN (${list}))`;
}

export function timestamps(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}
