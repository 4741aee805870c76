import { useId } from 'react';
import { staffOrdersApi } from '../../../../../../shared/contract/staff-orders';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

/**
 * The free VPS that fit this order's OS family (the server filters them, spec §5 "VPS filtering"),
 * matching the plan bought first, 50 a page ('Charger plus' for the next), with that plan.
 */
export function useAvailableVps(orderId: number) {
  const api = useStaffApi();
  // Each opening of the picker reads the free machines afresh (colleagues assign them meanwhile),
  // even when it opens again at once: the key names this opening.
  const opening = useId();
  const { state, loadingMore, loadMore, firstPage } = usePagedList([...staffKeys.availableVps(orderId), opening], async (after, signal) => {
    const answer = await api.call(staffOrdersApi.availableVps, { query: { orderId, after } }, { signal });
    return { items: answer.vpsList, next: answer.next, orderedPlan: answer.orderedPlan };
  });
  return { state, orderedPlan: firstPage?.orderedPlan ?? null, loadingMore, loadMore };
}
