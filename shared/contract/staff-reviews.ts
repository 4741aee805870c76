import { idParams } from '../schemas/ids';
import { staffReviewActionSchema, staffReviewsQuerySchema, staffReviewsSchema } from '../schemas/ratings';
import { endpoint } from './endpoint';

/** The customers' rating comments, moderated in the back-office's "Support" category (issue 17). */
export const staffReviewsApi = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/reviews',
    summary: 'Rating comments by status (pending by default, oldest first; newest first otherwise)',
    tag: 'staff-reviews',
    access: 'staff',
    query: staffReviewsQuerySchema,
    response: staffReviewsSchema,
  }),
  approve: endpoint({
    method: 'post',
    path: '/api/admin/reviews/{id}/approve',
    summary: 'Publishes the comment (audited)',
    tag: 'staff-reviews',
    access: 'staff',
    params: idParams,
    response: staffReviewActionSchema,
  }),
  reject: endpoint({
    method: 'post',
    path: '/api/admin/reviews/{id}/reject',
    summary: 'Keeps the comment unpublished (audited); the rating still counts',
    tag: 'staff-reviews',
    access: 'staff',
    params: idParams,
    response: staffReviewActionSchema,
  }),
};
