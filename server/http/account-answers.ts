import type { RequestHandler } from 'express';

/**
 * `Cache-Control: no-store` on every /api answer that can carry account data, so no browser or
 * proxy keeps it on disk for the next person at the machine: any call with a bearer (customer or
 * staff), anything under /api/auth (the session user, even the anonymous 401 of /auth/me), and
 * every write (login and register answer a token). Set before the route runs, so a route that
 * chooses otherwise wins: the lists the panel polls answer `private, no-cache` with an ETag, as
 * no-store would make the browser drop the copy it revalidates and lose the 304s. The public
 * catalogue (mounted before the API router) keeps its own caching.
 */
export const accountAnswersUnstored: RequestHandler = (req, res, next) => {
  const write = req.method !== 'GET' && req.method !== 'HEAD';
  if (write || req.headers.authorization !== undefined || req.path.startsWith('/auth/')) res.setHeader('Cache-Control', 'no-store');
  next();
};
