import { useCallback } from 'react';
import { staffUsersApi } from '../../../../../shared/contract/staff-users';
import { usePagedList } from '../use-paged-list';
import { useStaffApi } from '../use-staff-api';

/** One account's orders (GET /api/admin/users/{id}/orders), newest first, 50 a page: 'Charger plus' for the next. */
export function useUserOrders(userId: number) {
  const api = useStaffApi();
  const fetchPage = useCallback(
    async (after: number | undefined) => {
      const answer = await api.call(staffUsersApi.orders, { params: { id: String(userId) }, query: { after } });
      return { items: answer.orders, next: answer.next };
    },
    [api, userId],
  );
  return usePagedList(fetchPage);
}

/** The machines delivered to one account (GET /api/admin/users/{id}/vps), newest order first, 50 a page. */
export function useUserVps(userId: number) {
  const api = useStaffApi();
  const fetchPage = useCallback(
    async (after: number | undefined) => {
      const answer = await api.call(staffUsersApi.vps, { params: { id: String(userId) }, query: { after } });
      return { items: answer.vpsList, next: answer.next };
    },
    [api, userId],
  );
  return usePagedList(fetchPage);
}
