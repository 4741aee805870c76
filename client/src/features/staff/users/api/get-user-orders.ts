import { staffUsersApi } from '../../../../../../shared/contract/staff-users';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

/** One account's orders (GET /api/admin/users/{id}/orders), newest first, 50 a page: 'Charger plus' for the next. */
export function useUserOrders(userId: number) {
  const api = useStaffApi();
  return usePagedList(staffKeys.userOrders(userId), async (after, signal) => {
    const answer = await api.call(staffUsersApi.orders, { params: { id: String(userId) }, query: { after } }, { signal });
    return { items: answer.orders, next: answer.next };
  });
}
