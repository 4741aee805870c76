import express, { type Router } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { precompressedStatic } from './precompressed-static';

/**
 * Serves the built client: hashed assets cached for a year as immutable (their name changes with
 * their content), precompressed with brotli or gzip when the browser accepts it; every other GET
 * is answered with index.html (never kept stale: `no-cache`) so the client router handles
 * /fr/Hosting, /nl/boutique and the rest.
 */
export function clientApp(clientDir: string): Router {
  const router = express.Router();
  const indexHtml = join(clientDir, 'index.html');
  router.use(precompressedStatic(clientDir));
  router.use(
    '/assets',
    express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }), // public, max-age=31536000, immutable
  );
  router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.get('/{*path}', (_req, res) => {
    if (!existsSync(indexHtml)) {
      res.status(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}
