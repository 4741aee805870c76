import { useCallback, useState } from 'react';
import { staffOrdersApi } from '../../../../../shared/contract/staff-orders';
import type { OrderedPlanDto } from '../../../../../shared/schemas/staff/orders';
import { usePagedList } from '../use-paged-list';
import { useStaffApi } from '../use-staff-api';

/**
 * The free VPS that fit this order's OS family (the server filters them, spec §5 "VPS filtering"),
 * matching the plan bought first, 50 a page ('Charger plus' for the next), with that plan.
 */
export function useAvailableVps(orderId: number) {
  const api = useStaffApi();
  // The plan comes with each page; kept with the order and the api it was read for.
  const [plan, setPlan] = useState<{ orderId: number; api: typeof api; orderedPlan: OrderedPlanDto | null } | null>(null);
  const fetchPage = useCallback(
    async (after: number | undefined) => {
      const answer = await api.call(staffOrdersApi.availableVps, { query: { orderId, after } });
      setPlan({ orderId, api, orderedPlan: answer.orderedPlan });
      return { items: answer.vpsList, next: answer.next };
    },
    [api, orderId],
  );
  const { state, loadingMore, loadMore } = usePagedList(fetchPage);
  const orderedPlan = plan && plan.orderId === orderId && plan.api === api ? plan.orderedPlan : null;
  return { state, orderedPlan, loadingMore, loadMore };
}
