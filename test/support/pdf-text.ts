import { execFile } from 'node:child_process';

/** What a reader sees of a PDF: pdftotext's layout text (poppler-utils), no-break spaces made plain. */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-', '-'], { encoding: 'utf8', maxBuffer: 10_000_000 }, (err, stdout) =>
      err ? reject(err) : resolve(plainSpaces(stdout)),
    );
    child.stdin?.end(pdf);
  });
}

export const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
