import { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { ratingAverageQuerySchema, ratingSchema } from '../../../shared/schemas/ratings';
import { UnauthorizedError } from '../../http/errors';
import { assertOwnUserId, currentUser } from '../../http/require-user';
import { validate } from '../../http/validate';
import { requestContext } from '../auth/auth.routes';
import type { RatingsService } from './ratings.service';

export interface RatingsRoutesDeps {
  ratings: RatingsService;
  requireUser: RequestHandler;
  optionalUser: RequestHandler;
}

const userIdParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

/** The answer depends on who asks: never kept by a shared cache, never reused for another bearer. */
const personal = (res: Response) => res.setHeader('Cache-Control', 'private, no-store').vary('Authorization');

/** /api/ratings/*: the service rating (spec §7 "Catalogue and ratings"). */
export function ratingsRoutes({ ratings, requireUser, optionalUser }: RatingsRoutesDeps): Router {
  const router = Router();

  router.get('/ratings/average', optionalUser, async (req, res) => {
    const { userId } = validate(ratingAverageQuerySchema, req.query);
    if (userId !== undefined) {
      if (!req.user) throw UnauthorizedError();
      assertOwnUserId(req.user, userId);
    }
    personal(res).json(await ratings.summary(req.user));
  });

  router.get('/ratings/user/:userId', requireUser, async (req, res) => {
    const user = currentUser(req);
    assertOwnUserId(user, validate(userIdParamsSchema, req.params).userId);
    personal(res).json({ userRating: await ratings.userRating(user) });
  });

  router.post('/ratings', requireUser, async (req, res) => {
    const user = currentUser(req);
    const input = validate(ratingSchema, req.body);
    assertOwnUserId(user, input.userId);
    res.status(201).json(await ratings.rate(user, input.rating, requestContext(req)));
  });

  return router;
}
