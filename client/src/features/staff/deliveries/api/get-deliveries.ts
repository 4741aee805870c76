import { useQuery } from '@tanstack/react-query';
import { staffDeliveriesApi } from '../../../../../../shared/contract/staff-deliveries';
import { REFRESH_MS } from '../../../../api/query-client';
import { useStaffApi } from '../../use-staff-api';
import { deliveriesKeys } from './deliveries-keys';

/**
 * GET /api/admin/deliveries, every 10 s: automatic deliveries that failed or ran out of time, oldest
 * first. `enabled`: the caller may read them (the orders area's rule: not a support agent off duty).
 */
export function useStaffDeliveries(enabled: boolean) {
  const api = useStaffApi();
  return useQuery({
    queryKey: deliveriesKeys.all,
    queryFn: ({ signal }) => api.call(staffDeliveriesApi.list, {}, { signal }),
    refetchInterval: REFRESH_MS,
    enabled,
  });
}
