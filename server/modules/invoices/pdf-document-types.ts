import type { BillingDocumentData } from './billing-document';

// The shapes the PDF files share (invoice-document, its blocks, its print context, invoice-pdf), in
// a file that imports none of them: each may import these without importing the others back.

/** The facts a PDF prints; `number` null: the pro forma of an order not paid yet. */
export type PdfDocumentInput = Omit<BillingDocumentData, 'number'> & { number: string | null };

/** pdfmake ships no types: the shapes invoice-document.ts writes. */
export type PdfContent = string | PdfNode | PdfContent[];
export interface PdfNode {
  [key: string]: unknown;
}
export interface InvoiceDocument {
  info: { title: string; author: string; subject: string; creator: string };
  language: string;
  pageSize: 'A4';
  pageMargins: [number, number, number, number];
  defaultStyle: PdfNode;
  styles: Record<string, PdfNode>;
  content: PdfContent[];
  footer: (currentPage: number, pageCount: number) => PdfContent;
}
