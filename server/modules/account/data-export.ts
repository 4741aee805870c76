import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Knex } from 'knex';
import { documentFileName } from '../invoices/document-file-name';
import { exportedRecords } from './data-export.repo';

/**
 * The owner's copy of their data: `data.json` (the account, orders, servers, invoices' figures,
 * wallet, tickets, sessions, the account's activity log) and `documents/` with the PDF of every
 * invoice and credit note issued to them (one still being rendered is listed in data.json only).
 */
export async function buildDataExport(db: Knex, userId: number, now: Date): Promise<{ fileName: string; body: Buffer }> {
  const { documents, ...records } = await exportedRecords(db, userId);
  const files: Zippable = {};
  const listed = documents.map((doc: { pdf: Buffer | null; kind: 'invoice' | 'credit_note'; number: string; order_id: number }) => {
    const { pdf, ...figures } = doc;
    const file = pdf ? `documents/${documentFileName(doc, 'pdf')}` : null;
    if (pdf && file) files[file] = [new Uint8Array(pdf), { level: 0 }];
    return { ...figures, file };
  });
  const data = {
    exportedAt: now.toISOString(),
    note: 'Everything the shop holds about this account. Amounts are in cents.',
    ...records,
    documents: listed,
  };
  files['data.json'] = strToU8(JSON.stringify(data, null, 2));
  const day = now.toISOString().slice(0, 10);
  return { fileName: `my-data-${day}.zip`, body: Buffer.from(zipSync(files)) };
}
