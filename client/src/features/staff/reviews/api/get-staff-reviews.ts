import { staffReviewsApi } from '../../../../../../shared/contract/staff-reviews';
import type { StaffReviewDto, StaffReviewsQuery } from '../../../../../../shared/schemas/ratings';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';
import { useDecideReview, type ReviewDecision } from './decide-review';

export type ReviewFilter = StaffReviewsQuery['status'];
export type { ReviewDecision } from './decide-review';

/** The rating comments of one status (GET /api/admin/reviews, 50 a page, each after the last row shown) and the staff decision on each. */
export function useStaffReviews(filter: ReviewFilter) {
  const api = useStaffApi();
  const list = usePagedList(staffKeys.reviews(filter), async (after, signal) => {
    const answer = await api.call(staffReviewsApi.list, { query: { status: filter, after } }, { signal });
    return { items: answer.reviews, next: answer.next };
  });
  const { updateItems } = list;
  const decideOne = useDecideReview();

  /** Sends the decision; the row then shows its new status, or leaves a list of another status. */
  const decide = async (id: number, decision: ReviewDecision): Promise<StaffReviewDto> => {
    const { review } = await decideOne.mutateAsync({ id, decision });
    await updateItems((items) =>
      filter === 'all' || review.status === filter
        ? items.map((row) => (row.id === review.id ? review : row))
        : items.filter((row) => row.id !== review.id),
    );
    return review;
  };

  return { ...list, decide };
}
