import { describe, expect, it } from 'vitest';
import { BRAND_COLOURS, BRAND_LOGO_SVG } from '../../../shared/brand/brand';
import { issuedCreditNote, issuedInvoice } from '../../../test/support/issued-documents';
import { buildPdfDocument, renderDocumentPdf, type PdfContent } from './invoice-document';

// Issue 17: invoices and credit notes carry the shop's logo and its navy and green, not a default blue.

/** Every node of the definition, depth first (columns, stacks, tables). */
function nodes(content: unknown): Record<string, unknown>[] {
  if (Array.isArray(content)) return content.flatMap(nodes);
  if (typeof content !== 'object' || content === null) return [];
  const node = content as Record<string, unknown>;
  return [node, ...Object.values(node).flatMap(nodes)];
}

describe.each([
  ['invoice', issuedInvoice()],
  ['credit note', issuedCreditNote(issuedInvoice(), { amountCents: 1000 })],
])('the %s PDF', (_kind, data) => {
  const doc = buildPdfDocument(data);
  const all = nodes(doc.content as PdfContent[]);

  it('opens with the shop’s logo, drawn from its SVG, beside the seller', () => {
    const logo = all.find((node) => typeof node.svg === 'string');
    expect(logo?.svg).toBe(BRAND_LOGO_SVG);
    expect(nodes((doc.content[0] as { columns: unknown[] }).columns[0])).toContainEqual(expect.objectContaining({ svg: BRAND_LOGO_SVG }));
  });

  it('titles in navy, the rule in green, table heads on pale green; no default blue anywhere', () => {
    expect(doc.styles.title?.color).toBe(BRAND_COLOURS.navy);
    expect(doc.styles.sellerName?.color).toBe(BRAND_COLOURS.navy);
    const lines = all.flatMap((node) => (Array.isArray(node.canvas) ? (node.canvas as { lineColor?: string }[]) : []));
    expect(lines.map((line) => line.lineColor)).toContain(BRAND_COLOURS.green);
    const fills = all.flatMap((node) => {
      const layout = node.layout as { fillColor?: (row: number) => string | null } | undefined;
      return layout?.fillColor ? [0, 1, 2, 3, 4, 5, 6, 7].map((row) => layout.fillColor!(row)) : [];
    });
    expect(fills).toContain(BRAND_COLOURS.greenSoft);
    expect(fills).toContain(BRAND_COLOURS.navy);
    const colours = JSON.stringify(doc).match(/#[0-9a-f]{6}\b/gi) ?? [];
    expect(colours.map((c) => c.toLowerCase())).not.toEqual(expect.arrayContaining(['#1d4ed8']));
    expect(colours.map((c) => c.toLowerCase())).not.toEqual(expect.arrayContaining(['#2563eb']));
  });

  it('still renders to a PDF with the logo drawn (pdfmake accepts the SVG)', async () => {
    const pdf = await renderDocumentPdf(data);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
