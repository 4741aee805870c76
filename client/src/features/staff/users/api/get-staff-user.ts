import { useQuery, useQueryClient } from '@tanstack/react-query';
import { staffUsersApi } from '../../../../../../shared/contract/staff-users';
import type { StaffUserDetailDto, StaffUserDto } from '../../../../../../shared/schemas/staff/users';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

export type UserDetailState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; detail: StaffUserDetailDto };

/** One account with its orders and VPS (GET /api/admin/users/{id}). */
export function useStaffUser(userId: number) {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  const queryKey = [...staffKeys.user(userId), 'detail'] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.call(staffUsersApi.detail, { params: { id: String(userId) } }, { signal }),
    retry: false,
    gcTime: 0,
  });
  const state: UserDetailState = query.data
    ? { status: 'ready', detail: query.data }
    : query.isError
      ? { status: 'failed' }
      : { status: 'loading' };

  /** The answer of a role change: the detail shows the new role (and the forms that go with it). */
  const updateUser = (user: StaffUserDto) =>
    queryClient.setQueryData<StaffUserDetailDto>(queryKey, (detail) =>
      detail ? { ...detail, user: { ...detail.user, ...user } } : detail,
    );

  const retry = () => void queryClient.resetQueries({ queryKey, exact: true });
  return { state, updateUser, retry };
}
