import {
  publicReviewsQuerySchema,
  publicReviewsSchema,
  ratingAverageQuerySchema,
  ratingSchema,
  ratingSummarySchema,
  ratingUserParamsSchema,
  userRatingResponseSchema,
} from '../schemas/ratings';
import { endpoint } from './endpoint';

/** The service rating (spec §7 "Catalogue and ratings"); userId, when sent, must be the caller's. */
export const ratingsApi = {
  average: endpoint({
    method: 'get',
    path: '/api/ratings/average',
    summary: 'The average and count of all ratings, and the caller’s own when a session is sent',
    tag: 'ratings',
    access: 'optional-session',
    query: ratingAverageQuerySchema,
    response: ratingSummarySchema,
  }),
  ofUser: endpoint({
    method: 'get',
    path: '/api/ratings/user/{userId}',
    summary: 'The caller’s own rating, or null (403 for anyone else’s id)',
    tag: 'ratings',
    access: 'session',
    params: ratingUserParamsSchema,
    response: userRatingResponseSchema,
  }),
  rate: endpoint({
    method: 'post',
    path: '/api/ratings',
    summary:
      'The caller’s one rating, with an optional comment published after moderation (409 already_rated for a second); the new summary',
    tag: 'ratings',
    access: 'session',
    body: ratingSchema,
    response: ratingSummarySchema,
    status: 201,
  }),
  reviews: endpoint({
    method: 'get',
    path: '/api/ratings/reviews',
    summary: 'The comments staff approved, newest first: first name and initial, stars, comment, date, verified buyer',
    tag: 'ratings',
    access: 'public',
    query: publicReviewsQuerySchema,
    response: publicReviewsSchema,
  }),
};
