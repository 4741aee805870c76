import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { StaffGuards } from '../../http/require-staff';
import { ratingsRoutes } from './ratings.routes';
import { createRatingsService } from './ratings.service';
import { reviewModerationRoutes } from './review-moderation.routes';
import { createReviewModeration } from './review-moderation.service';

export interface RatingsModuleDeps {
  db: Knex;
  clock: Clock;
  requireUser: RequestHandler;
  optionalUser: RequestHandler;
  guards: StaffGuards;
}

/** The service rating: the customers' routes, and the back-office's moderation of comments (mounted with the staff's). */
export function ratingsModule({ db, clock, requireUser, optionalUser, guards }: RatingsModuleDeps) {
  const ratings = createRatingsService({ db });
  const moderation = createReviewModeration({ db, clock });
  return {
    routes: ratingsRoutes({ ratings, requireUser, optionalUser }),
    moderationRoutes: reviewModerationRoutes({ moderation, guards }),
    ratings,
    moderation,
  };
}
