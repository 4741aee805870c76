import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { BillingDocumentData } from './billing-document';
import {
  findBillingDocument,
  lockBillingDocument,
  saveRendering,
  type BillingDocumentRow,
  type StoredValidation,
} from './billing-documents.repo';
import type { RenderDocumentJob } from './document-issuer';

/** Makes a document's files from its frozen facts: the PDF, the UBL that embeds it, and the official checks' verdict. */
export interface DocumentRenderer {
  /** `pdf`: the PDF already stored (a UBL made again after failing its checks embeds the same PDF). */
  render(data: BillingDocumentData, pdf: Buffer | null): Promise<{ pdf: Buffer; ubl: string; validation: StoredValidation }>;
}

export type RenderedDocument = BillingDocumentRow & { pdf: Buffer; ubl_xml: string; validation: StoredValidation };

const isRendered = (row: BillingDocumentRow): row is RenderedDocument =>
  row.pdf !== null && row.ubl_xml !== null && row.validation !== null;

export interface RenderDeps {
  db: Knex;
  renderer: DocumentRenderer;
  clock: Clock;
  /** After the files are stored, in the same transaction: a Belgian business's copy is queued for Peppol. */
  afterRender?: (trx: Knex, document: RenderedDocument) => Promise<void>;
  logger?: Pick<Logger, 'info' | 'warn'>;
}

/**
 * A numbered document's files, made once: rendered outside any transaction (the checks take tens
 * of milliseconds), then stored with a conditional write so two renderers racing store one result
 * (the table's trigger keeps a PDF and a valid UBL once written). Already rendered: returned as is.
 */
export async function ensureRendered(deps: RenderDeps, row: BillingDocumentRow): Promise<RenderedDocument> {
  if (isRendered(row)) return row;
  const files = await deps.renderer.render(row.data, row.pdf);
  return deps.db.transaction(async (trx) => {
    const current = await lockBillingDocument(trx, row.id);
    if (current && isRendered(current)) return current;
    const saved = (await saveRendering(trx, row.id, {
      pdf: files.pdf,
      ubl_xml: files.ubl,
      validation: files.validation,
      rendered_at: deps.clock.now(),
    })) as RenderedDocument;
    if (files.validation.valid === false) {
      deps.logger?.warn(
        { documentId: row.id, number: row.number, errors: files.validation.errors },
        'e-invoice failed the official checks',
      );
    }
    await deps.afterRender?.(trx, saved);
    return saved;
  });
}

/** The render queue's handler: a job per numbered document (document-issuer.ts enqueues it with the number). */
export function createRenderDocumentJob(deps: RenderDeps) {
  return async (job: RenderDocumentJob): Promise<void> => {
    const row = await findBillingDocument(deps.db, job.documentId);
    if (!row) return; // rolled back: the job was sent in the same transaction, so this cannot happen, but never loop
    await ensureRendered(deps, row);
  };
}
