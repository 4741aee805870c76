import { useCallback } from 'react';
import type { Role } from '../../../../../shared/constants';
import { staffUsersApi } from '../../../../../shared/contract/staff-users';
import type { StaffUserDto } from '../../../../../shared/schemas/staff/users';
import { usePagedList } from '../use-paged-list';
import { useStaffApi } from '../use-staff-api';

export interface UserFilters {
  q: string;
  role: Role | '';
}

/** The Users list (GET /api/admin/users, 50 a page, each after the last row shown): page 1 again whenever the filters change. */
export function useStaffUsers(filters: UserFilters) {
  const api = useStaffApi();
  const { q, role } = filters;
  const fetchPage = useCallback(
    async (after: number | undefined) => {
      // Empty filters are not sent (callApi leaves empty values out of the query).
      const answer = await api.call(staffUsersApi.list, { query: { q, role, after } });
      return { items: answer.users, next: answer.next };
    },
    [api, q, role],
  );
  const { updateItems, reload, ...list } = usePagedList(fetchPage);

  /** An account changed in its detail (its role): the row shows it at once. */
  const updateUser = useCallback(
    (user: StaffUserDto) => updateItems((users) => users.map((row) => (row.id === user.id ? { ...row, ...user } : row))),
    [updateItems],
  );
  const retry = useCallback(() => void reload(), [reload]);

  return { ...list, updateUser, retry };
}
