import type { Knex } from 'knex';
import { brusselsDay } from '../../../shared/tax/eu-vat-rates';

/**
 * The next number of a yearly series without gaps (Belgian law): the counter row is incremented
 * inside the caller's transaction, so it stays locked until that transaction ends and a rollback
 * gives the number back. The year is the Brussels one, as is the document's date.
 */
async function nextInSeries(trx: Knex, table: 'invoice_counters' | 'credit_note_counters', at: Date): Promise<{ year: number; n: number }> {
  const year = Number(brusselsDay(at).slice(0, 4));
  const [row] = await trx(table)
    .insert({ year, last_number: 1 })
    .onConflict('year')
    .merge({ last_number: trx.raw(`${table}.last_number + 1`) })
    .returning('last_number');
  const last = (row as { last_number: number } | undefined)?.last_number;
  if (last === undefined) throw new Error(`${table} not updated`);
  return { year, n: last };
}

/** Invoices: `2026-000042`. */
export async function nextInvoiceNumber(trx: Knex, invoicedAt: Date): Promise<string> {
  const { year, n } = await nextInSeries(trx, 'invoice_counters', invoicedAt);
  return `${year}-${String(n).padStart(6, '0')}`;
}

/** Credit notes, their own series: `NC-2026-000007`. */
export async function nextCreditNoteNumber(trx: Knex, issuedAt: Date): Promise<string> {
  const { year, n } = await nextInSeries(trx, 'credit_note_counters', issuedAt);
  return `NC-${year}-${String(n).padStart(6, '0')}`;
}
