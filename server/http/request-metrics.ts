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

/**
 * Times every request into http_request_duration_seconds. Kept cheap (it runs on every answer):
 * one timestamp, one listener, the labels read once the answer is sent.
 */
export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      httpRequestDuration.observe(
        { route: routeTemplateOf(req, res), method: req.method, status: res.statusCode },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
