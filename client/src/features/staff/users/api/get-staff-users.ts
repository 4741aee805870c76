import type { Role } from '../../../../../../shared/constants';
import { staffUsersApi } from '../../../../../../shared/contract/staff-users';
import type { StaffUserDto } from '../../../../../../shared/schemas/staff/users';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

export interface UserFilters {
  q: string;
  role: Role | '';
}

/** The Users list (GET /api/admin/users, 50 a page, each after the last row shown): page 1 again whenever the filters change. */
export function useStaffUsers(filters: UserFilters) {
  const api = useStaffApi();
  const { q, role } = filters;
  const { updateItems, reload, ...list } = usePagedList(staffKeys.users(q, role), async (after, signal) => {
    // Empty filters are not sent (callApi leaves empty values out of the query).
    const answer = await api.call(staffUsersApi.list, { query: { q, role, after } }, { signal });
    return { items: answer.users, next: answer.next };
  });

  /** An account changed in its detail (its role): the row shows it at once. */
  const updateUser = (user: StaffUserDto) =>
    void updateItems((users) => users.map((row) => (row.id === user.id ? { ...row, ...user } : row)));
  const retry = () => void reload();

  return { ...list, updateUser, retry };
}
