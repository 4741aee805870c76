import { useEffect, useState } from 'react';
import { staffOrdersApi } from '../../../../../shared/contract/staff-orders';
import type { AvailableVpsDto, OrderedPlanDto } from '../../../../../shared/schemas/staff';
import { useStaffApi } from '../use-staff-api';

export type AvailableVpsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; vpsList: AvailableVpsDto[]; orderedPlan: OrderedPlanDto | null };

/**
 * The free VPS that fit this order's OS family (the server filters them, spec §5 "VPS filtering"),
 * matching the plan bought first, with that plan.
 */
export function useAvailableVps(orderId: number) {
  const api = useStaffApi();
  // Kept with the order and the api it was asked with: another order's list reads as 'loading'.
  const [answer, setAnswer] = useState<{ orderId: number; api: typeof api; state: AvailableVpsState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const settle = (state: AvailableVpsState) => setAnswer({ orderId, api, state });
    api
      .call(staffOrdersApi.availableVps, { query: { orderId } }, { signal: controller.signal })
      .then(({ vpsList, orderedPlan }) => settle({ status: 'ready', vpsList, orderedPlan }))
      .catch(() => {
        if (!controller.signal.aborted) settle({ status: 'failed' });
      });
    return () => controller.abort();
  }, [api, orderId]);

  return answer && answer.orderId === orderId && answer.api === api ? answer.state : LOADING;
}

const LOADING: AvailableVpsState = { status: 'loading' };
