import express, { type Router } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built client: hashed assets cached for a year, every other GET answered with
 * index.html so the client router handles /fr/Hosting, /nl/boutique and the rest.
 */
export function clientApp(clientDir: string): Router {
  const router = express.Router();
  const indexHtml = join(clientDir, 'index.html');
  router.use('/assets', express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
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
