import type { Knex } from 'knex';

/**
 * The next invoice number of the year (`2026-000042`), without gaps (Belgian law): the counter row
 * is incremented inside the caller's transaction, so it stays locked until that transaction ends
 * and a rollback gives the number back.
 */
export async function nextInvoiceNumber(trx: Knex, invoicedAt: Date): Promise<string> {
  const year = invoicedAt.getUTCFullYear();
  const [row] = await trx('invoice_counters')
    .insert({ year, last_number: 1 })
    .onConflict('year')
    .merge({ last_number: trx.raw('invoice_counters.last_number + 1') })
    .returning('last_number');
  const last = (row as { last_number: number } | undefined)?.last_number;
  if (last === undefined) throw new Error('invoice counter not updated');
  return `${year}-${String(last).padStart(6, '0')}`;
}
