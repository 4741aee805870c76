import express, { type RequestHandler, type Router } from 'express';
import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { precompressedStatic } from './precompressed-static';

/**
 * The app's shell, index.html: at /index.html it is answered as any other page path below
 * (`no-cache`), not as a file kept an hour; so are its compressed copies.
 */
const SHELL = '/index.html';
const ENCODED = ['', '.br', '.gz'];

/** The file a request path names once decoded and normalised as the static middleware reads it. */
function fileOf(path: string): string {
  try {
    return posix.normalize(decodeURIComponent(path));
  } catch {
    return path;
  }
}

const isOneOf = (file: string, names: Iterable<string>) => [...names].some((name) => ENCODED.some((suffix) => file === name + suffix));

/** The shell's own path skips the file middlewares and gets the shell. */
const shellNotAFile: RequestHandler = (req, _res, next) => {
  if (isOneOf(fileOf(req.path), [SHELL])) return next('router');
  next();
};

/**
 * Serves the built client: hashed assets cached for a year as immutable (their name changes with
 * their content), precompressed with brotli or gzip when the browser accepts it; every other GET
 * is answered with index.html (never kept stale: `no-cache`) so the client router handles
 * /fr/Hosting, /nl/boutique and the rest.
 */
export function clientApp(clientDir: string): Router {
  const router = express.Router();
  const files = express.Router();
  files.use(shellNotAFile);
  files.use(precompressedStatic(clientDir));
  files.use(
    '/assets',
    express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }), // public, max-age=31536000, immutable
  );
  files.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.use(files);
  router.get('/{*path}', shell(join(clientDir, 'index.html')));
  return router;
}

function shell(indexHtml: string): RequestHandler {
  return (_req, res) => {
    if (!existsSync(indexHtml)) {
      res.status(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  };
}
