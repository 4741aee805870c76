import { useCallback } from 'react';
import { staffReviewsApi } from '../../../../../shared/contract/staff-reviews';
import type { StaffReviewDto, StaffReviewsQuery } from '../../../../../shared/schemas/ratings';
import { usePagedList } from '../use-paged-list';
import { useStaffApi } from '../use-staff-api';

export type ReviewFilter = StaffReviewsQuery['status'];
export type ReviewDecision = 'approve' | 'reject';

/** The rating comments of one status (GET /api/admin/reviews, 50 a page, each after the last row shown) and the staff decision on each. */
export function useStaffReviews(filter: ReviewFilter) {
  const api = useStaffApi();
  const fetchPage = useCallback(
    async (after: number | undefined) => {
      const answer = await api.call(staffReviewsApi.list, { query: { status: filter, after } });
      return { items: answer.reviews, next: answer.next };
    },
    [api, filter],
  );
  const list = usePagedList(fetchPage);
  const { updateItems } = list;

  /** Sends the decision; the row then shows its new status, or leaves a list of another status. */
  const decide = useCallback(
    async (id: number, decision: ReviewDecision): Promise<StaffReviewDto> => {
      const { review } = await api.call(decision === 'approve' ? staffReviewsApi.approve : staffReviewsApi.reject, {
        params: { id: String(id) },
      });
      updateItems((items) =>
        filter === 'all' || review.status === filter
          ? items.map((row) => (row.id === review.id ? review : row))
          : items.filter((row) => row.id !== review.id),
      );
      return review;
    },
    [api, filter, updateItems],
  );

  return { ...list, decide };
}
