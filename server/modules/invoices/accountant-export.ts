import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Language } from '../../../shared/i18n/languages';
import { serverText } from '../../i18n/server-text';
import type { BillingDocumentRow } from './billing-documents.repo';
import { brusselsDay, ledgerCsv } from './ledger-csv';

// What the accountant receives for a period (Billing's export): every invoice and credit note issued
// in it as UBL and PDF, and the ledger. Pure: the rows come from the repo, the zip goes to the route.

export interface ExportPeriod {
  /** First and last Brussels calendar day, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

const FOLDER = { invoice: 'invoices', credit_note: 'credit-notes' } as const;

/** A document number as a file name: series numbers are safe already; anything else becomes `_`. */
const fileStem = (number: string) => number.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The zip: `invoices/<number>.xml|.pdf`, `credit-notes/<number>.xml|.pdf`, `ledger.csv`, and
 * `missing.txt` naming any document whose files are not made yet (rendering runs after issuing).
 * Only the documents issued within the period are listed; the other rows (later credit notes)
 * only tell an invoice's status.
 */
export function buildAccountantExport(rows: readonly BillingDocumentRow[], period: ExportPeriod, lng: Language = 'fr'): Uint8Array {
  const inPeriod = rows.filter((row) => {
    const day = brusselsDay(row.issued_at);
    return day >= period.from && day <= period.to;
  });
  const files: Zippable = {};
  const missing: string[] = [];
  for (const row of inPeriod) {
    const stem = `${FOLDER[row.kind]}/${fileStem(row.number)}`;
    // Archive times are the document's own: the same period exports to the same bytes.
    const mtime = new Date(row.issued_at);
    if (row.ubl_xml !== null) files[`${stem}.xml`] = [strToU8(row.ubl_xml), { mtime }];
    // PDFs are compressed already.
    if (row.pdf !== null) files[`${stem}.pdf`] = [new Uint8Array(row.pdf), { mtime, level: 0 }];
    const absent = [row.pdf === null ? 'pdf' : null, row.ubl_xml === null ? 'xml' : null].filter(Boolean);
    if (absent.length) missing.push(`${row.number}: ${absent.join(', ')}`);
  }
  const stamp = new Date(`${period.to}T12:00:00Z`);
  files['ledger.csv'] = [strToU8(ledgerCsv(inPeriod, rows, lng)), { mtime: stamp }];
  if (missing.length) {
    files['missing.txt'] = [strToU8(`${serverText(lng, 'invoice.ledger.missing')}\r\n${missing.join('\r\n')}\r\n`), { mtime: stamp }];
  }
  return zipSync(files, { level: 6 });
}
