import type { ErrorRequestHandler } from 'express';
import { GateBusyError } from '../security/work-gate';
import { HttpError } from './errors';

/**
 * Heavy work refused because its gate is full (server/security/work-gate.ts) is 503 `busy` with a
 * Retry-After: the server is saturated, the request was fine. Runs before the error handler.
 */
export const answerBusy: ErrorRequestHandler = (err, _req, res, next) => {
  if (!(err instanceof GateBusyError)) return next(err);
  res.set('Retry-After', String(err.retryAfterSeconds));
  next(new HttpError(503, 'busy', 'The server is busy, try again in a moment'));
};
