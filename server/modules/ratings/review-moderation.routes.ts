import { Router } from 'express';
import { staffReviewsApi } from '../../../shared/contract/staff-reviews';
import type { StaffGuards } from '../../http/require-staff';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { ReviewModeration } from './review-moderation.service';

/**
 * /api/admin/reviews: rating comments are moderated in the back-office's "Support" category, by
 * the roles that answer customers (admin, manager, support, on duty or not).
 */
export function reviewModerationRoutes({ moderation, guards }: { moderation: ReviewModeration; guards: StaffGuards }): Router {
  const router = Router();
  const area = [guards.staff, guards.area('tickets')];

  route(router, staffReviewsApi.list, ...area, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return moderation.list(query);
  });

  route(router, staffReviewsApi.approve, ...area, async ({ req, params }) => ({
    review: await moderation.approve(currentUser(req), params.id, req.ip),
  }));

  route(router, staffReviewsApi.reject, ...area, async ({ req, params }) => ({
    review: await moderation.reject(currentUser(req), params.id, req.ip),
  }));

  return router;
}
