import type { Response } from 'express';

/** A file the browser saves under its name; never kept by a shared cache nor by the browser (buyer identity, amounts). */
export function sendFile(res: Response, file: { fileName: string; contentType: string; body: Buffer }): void {
  res.set({
    'Content-Type': file.contentType === 'application/xml' ? 'application/xml; charset=utf-8' : file.contentType,
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'Cache-Control': 'private, no-store',
  });
  res.send(file.body);
}
