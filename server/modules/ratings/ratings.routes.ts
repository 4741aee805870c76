import { Router, type RequestHandler, type Response } from 'express';
import { ratingsApi } from '../../../shared/contract/ratings';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { requestContext } from '../auth/auth.routes';
import type { RatingsService } from './ratings.service';

export interface RatingsRoutesDeps {
  ratings: RatingsService;
  requireUser: RequestHandler;
  optionalUser: RequestHandler;
}

/** The answer depends on who asks: never kept by a shared cache, never reused for another bearer. */
const personal = (res: Response) => res.setHeader('Cache-Control', 'private, no-store').vary('Authorization');

/** /api/ratings/*: the service rating (spec §7 "Catalogue and ratings"). */
export function ratingsRoutes({ ratings, requireUser, optionalUser }: RatingsRoutesDeps): Router {
  const router = Router();

  route(router, ratingsApi.average, optionalUser, async ({ req, res, query }) => {
    personal(res);
    return ratings.summary(req.user, query.userId);
  });

  route(router, ratingsApi.ofUser, requireUser, async ({ req, res, params }) => {
    personal(res);
    return { userRating: await ratings.userRating(currentUser(req), params.userId) };
  });

  // The same for everyone; read again on each visit, so a comment shows as soon as staff approve it.
  route(router, ratingsApi.reviews, async ({ res, query }) => {
    res.setHeader('Cache-Control', 'no-cache');
    return ratings.reviews(query);
  });

  route(router, ratingsApi.rate, requireUser, ({ req, body }) => ratings.rate(currentUser(req), body, requestContext(req)));

  return router;
}
