import type { Knex } from 'knex';
import type { OrderRow } from '../orders.repo';

// What the order lifecycle needs from whoever numbers invoices and credit notes. The orders module
// owns this port and invoices implements it (createDocumentIssuer, wired in app.ts), so the
// lifecycle never imports the issuer and the issuer may import orders without a cycle.

/** Money given back on an order: how much (VAT included), why, and to the wallet or the payment method. */
export interface CreditInput {
  amountCents: number;
  reason: string;
  to: 'wallet' | 'payment';
}

/** What orders read of an issued document: the issuer answers its whole row (invoices' BillingDocumentRow). */
export interface IssuedDocument {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
}

export interface DocumentIssuer<Document extends IssuedDocument = IssuedDocument> {
  /** Numbers the invoice of an order being paid (`order` carries its payment columns) and stores its facts. */
  issueInvoice(trx: Knex, order: OrderRow, at: Date): Promise<Document>;
  /** A credit note for money given back; null for an order never invoiced. */
  issueCreditNote(trx: Knex, order: OrderRow, credit: CreditInput, at: Date): Promise<Document | null>;
  /** An invoiced order's document, stored now for an order invoiced before documents were; null if never invoiced. */
  ensureInvoiceDocument(trx: Knex, order: OrderRow): Promise<Document | null>;
}
