import type { Request, RequestHandler, Response } from 'express';
import { httpRequestDuration } from '../metrics/instruments';

/** The route label of a request no route answered (static files, unknown paths): one series, not one per URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The request's route as a template, never its raw URL (ids and tokens would make a series each):
 * the contract's path of the endpoint that answered (`/api/orders/{id}`), else the Express route
 * matched (`req.baseUrl` + its path), else UNMATCHED_ROUTE.
 */
export function routeTemplateOf(req: Request, res: Response): string {
  const declared = res.locals.endpoint?.path;
  if (declared) return declared;
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : UNMATCHED_ROUTE;
}

type Observe = (seconds: number) => void;

/**
 * Times every request into http_request_duration_seconds. Kept cheap (it runs on every answer):
 * one timestamp, one listener, and the labelled series looked up once per route, method and status
 * (a bounded set: routes are templates) instead of prom-client hashing a labels object each time.
 */
export function requestMetrics(): RequestHandler {
  const series = new Map<string, Observe>();
  const seriesOf = (route: string, method: string, status: number): Observe => {
    const key = `${status} ${method} ${route}`;
    let observe = series.get(key);
    if (!observe) {
      observe = httpRequestDuration.labels(route, method, String(status)).observe;
      series.set(key, observe);
    }
    return observe;
  };
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      seriesOf(routeTemplateOf(req, res), req.method, res.statusCode)((performance.now() - started) / 1000);
    });
    next();
  };
}
