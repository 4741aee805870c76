import { staffAutoRenewalsApi } from '../../../../../../shared/contract/staff-auto-renewals';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

/** Billing's automatic renewals (GET /api/admin/billing/auto-renewals, 50 a page, soonest due first, each after the last row shown). */
export function useAutoRenewals() {
  const api = useStaffApi();
  return usePagedList(staffKeys.autoRenewals, async (after, signal) => {
    const answer = await api.call(staffAutoRenewalsApi.list, { query: { after } }, { signal });
    // The list merges rows by id: a renewal is its invoice.
    return { items: answer.renewals.map((renewal) => ({ ...renewal, id: renewal.order_id })), next: answer.next };
  });
}
