import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { InvoiceDocument } from './pdf-document-types';

/** The part of pdfmake's server API used here (it ships no types). */
interface PdfMake {
  addFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(doc: InvoiceDocument): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
let ready: PdfMake | null = null;

/**
 * pdfmake is one shared instance: set it up once. Nothing a document says may fetch a URL or read a
 * file; only the bundled Roboto files are readable (fonts go through the same policy).
 */
function pdfmake(): PdfMake {
  if (ready) return ready;
  const instance = require('pdfmake') as PdfMake;
  const fontDir = `${dirname(require.resolve('pdfmake/fonts/Roboto.js'))}/`;
  instance.addFonts(require('pdfmake/fonts/Roboto.js') as Record<string, Record<string, string>>);
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((path) => resolve(path).startsWith(fontDir));
  ready = instance;
  return instance;
}

export function renderPdf(doc: InvoiceDocument): Promise<Buffer> {
  return pdfmake().createPdf(doc).getBuffer();
}
