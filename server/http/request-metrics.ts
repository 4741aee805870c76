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

/** The labelled series of each route, method and status, looked up once (a bounded set: routes are templates). */
const series = new Map<string, Observe>();

function seriesOf(route: string, method: string, status: number): Observe {
  const key = `${status} ${method} ${route}`;
  let observe = series.get(key);
  if (!observe) {
    observe = httpRequestDuration.labels(route, method, String(status)).observe;
    series.set(key, observe);
  }
  return observe;
}

/** The 'finish' listener, one function for every answer: no closure or once-wrapper made per request. */
function recordAnswer(this: Response) {
  const started = this.locals.requestStartedAt as number;
  seriesOf(routeTemplateOf(this.req, this), this.req.method, this.statusCode)((performance.now() - started) / 1000);
}

/**
 * Times every request into http_request_duration_seconds. Kept cheap (it runs on every answer):
 * one timestamp kept in res.locals, one shared listener, and the labelled series found in a map
 * instead of prom-client hashing a labels object each time.
 */
export function requestMetrics(): RequestHandler {
  return (_req, res, next) => {
    res.locals.requestStartedAt = performance.now();
    res.on('finish', recordAnswer);
    next();
  };
}
