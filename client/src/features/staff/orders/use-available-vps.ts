import { useEffect, useState } from 'react';
import { staffOrdersApi } from '../../../../../shared/contract/staff-orders';
import type { AvailableVpsDto } from '../../../../../shared/schemas/staff';
import { useStaffApi } from '../use-staff-api';

export type AvailableVpsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; vpsList: AvailableVpsDto[] };

/** The free VPS that fit this order's OS family (the server filters them, spec §5 "VPS filtering"). */
export function useAvailableVps(orderId: number) {
  const api = useStaffApi();
  const [state, setState] = useState<AvailableVpsState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .call(staffOrdersApi.availableVps, { query: { orderId } }, { signal: controller.signal })
      .then(({ vpsList }) => setState({ status: 'ready', vpsList }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [api, orderId]);

  return state;
}
