import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffReviewsApi } from '../../../../../../shared/contract/staff-reviews';
import { useStaffApi } from '../../use-staff-api';

export type ReviewDecision = 'approve' | 'reject';

/**
 * Approve or reject a rating comment: POST /api/admin/reviews/{id}/{approve|reject}. The other
 * status lists read again when next shown; the public ratings are another app's cache.
 */
export function useDecideReview() {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: ReviewDecision }) =>
      api.call(decision === 'approve' ? staffReviewsApi.approve : staffReviewsApi.reject, { params: { id: String(id) } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff', 'reviews'], refetchType: 'none' }),
  });
}
