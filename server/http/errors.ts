import type { ErrorRequestHandler, RequestHandler } from 'express';

export type FieldErrors = Record<string, string[]>;

/** Every error the API answers with has one shape: {error, message, fields?}. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** Extra top-level answer fields a client acts on (e.g. the orderId of an order left unpaid). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const ValidationError = (fields: FieldErrors, message = 'Some fields are invalid') =>
  new HttpError(400, 'validation_error', message, fields);
export const UnauthorizedError = (message = 'Authentication required') => new HttpError(401, 'unauthorized', message);
export const ForbiddenError = (code = 'forbidden', message = 'Not allowed') => new HttpError(403, code, message);
export const NotFoundError = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const ConflictError = (code = 'conflict', message = 'Conflict') => new HttpError(409, code, message);
/** A staff member's role does not reach an admin's action (staff users, second-factor resets). */
export const AdminOnly = () => ForbiddenError('forbidden_role', 'Only an admin may do this');

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(NotFoundError(`No API route for ${req.method} ${req.baseUrl}${req.path}`));
};

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (err instanceof HttpError) {
    res.status(err.status).json({ ...err.details, error: err.code, message: err.message, ...(err.fields && { fields: err.fields }) });
    return;
  }
  // body-parser errors carry a status (malformed JSON 400, too large 413).
  const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
  if (status < 500) {
    res.status(status).json({ error: err.type ?? 'bad_request', message: err.expose ? err.message : 'Bad request' });
    return;
  }
  req.log.error({ err }, 'unhandled error');
  res.status(500).json({ error: 'internal_error', message: 'Something went wrong on our side' });
};
