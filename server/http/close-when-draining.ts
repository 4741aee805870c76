import type { RequestHandler } from 'express';

/**
 * While the instance shuts down (SIGTERM), every answer says `Connection: close`: a client on a
 * kept-alive connection opens its next one elsewhere instead of finding this one gone.
 */
export function closeWhenDraining(draining: () => boolean): RequestHandler {
  return (_req, res, next) => {
    if (draining()) res.setHeader('Connection', 'close');
    next();
  };
}
