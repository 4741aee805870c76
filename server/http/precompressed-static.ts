import type { RequestHandler } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** The encodings written beside each text asset at build time (tools/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves `file.js.br` or `file.js.gz` in place of `file.js` when the browser accepts it: the
 * request is rewritten to the compressed file (served by the static middleware that follows) with
 * the original's Content-Type, Content-Encoding and `Vary: Accept-Encoding`. The folder is read
 * once at start: a build replaces the whole folder and restarts the server.
 */
export function precompressedStatic(dir: string): RequestHandler {
  const variants = new Map<string, Set<string>>();
  for (const file of listFiles(dir)) {
    for (const encoding of ENCODINGS) {
      if (existsSync(join(dir, file + encoding.suffix))) {
        const urlPath = `/${file.split(sep).join('/')}`;
        (variants.get(urlPath) ?? variants.set(urlPath, new Set()).get(urlPath)!).add(encoding.name);
      }
    }
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const available = variants.get(req.path);
    if (!available) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    // Our preference, not the header's order: browsers list gzip before br with the same weight.
    const encoding = ENCODINGS.find((e) => available.has(e.name) && req.acceptsEncodings(e.name) === e.name);
    if (!encoding) return next();
    res.type(extname(req.path)); // the original's type, not the compressed file's
    res.setHeader('Content-Encoding', encoding.name);
    req.url = req.path + encoding.suffix;
    next();
  };
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.br') && !entry.name.endsWith('.gz'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}
