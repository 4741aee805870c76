import { Router } from 'express';
import { bearerMatches, type MetricsExposition } from './metrics.service';

/**
 * GET /metrics, on the app's own port for Prometheus (outside /api and its contract: it is the
 * operator's, in Prometheus's text format). 401 unless METRICS_TOKEN comes as the bearer token.
 */
export function metricsRoutes(deps: { exposition: MetricsExposition; token: string | undefined }): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!bearerMatches(req.headers.authorization, deps.token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).json({ error: 'unauthorized', message: 'GET /metrics needs the METRICS_TOKEN bearer token' });
      return;
    }
    res.type(deps.exposition.contentType).send(await deps.exposition.render());
  });
  return router;
}
