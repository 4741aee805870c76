import { staffUsersApi } from '../../../../../../shared/contract/staff-users';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

/** The machines delivered to one account (GET /api/admin/users/{id}/vps), newest order first, 50 a page. */
export function useUserVps(userId: number) {
  const api = useStaffApi();
  return usePagedList(staffKeys.userVps(userId), async (after, signal) => {
    const answer = await api.call(staffUsersApi.vps, { params: { id: String(userId) }, query: { after } }, { signal });
    return { items: answer.vpsList, next: answer.next };
  });
}
