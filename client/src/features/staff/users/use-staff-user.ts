import { useCallback, useEffect, useState } from 'react';
import { staffUsersApi } from '../../../../../shared/contract/staff-users';
import type { StaffUserDetailDto, StaffUserDto } from '../../../../../shared/schemas/staff';
import { useStaffApi } from '../use-staff-api';

export type UserDetailState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; detail: StaffUserDetailDto };

/** One account with its orders and VPS (GET /api/admin/users/{id}). */
export function useStaffUser(userId: number) {
  const api = useStaffApi();
  const [state, setState] = useState<UserDetailState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .call(staffUsersApi.detail, { params: { id: String(userId) } }, { signal: controller.signal })
      .then((detail) => setState({ status: 'ready', detail }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [api, userId, attempt]);

  /** The answer of a role change: the detail shows the new role (and the forms that go with it). */
  const updateUser = useCallback((user: StaffUserDto) => {
    setState((now) => (now.status === 'ready' ? { status: 'ready', detail: { ...now.detail, user: { ...now.detail.user, ...user } } } : now));
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, updateUser, retry };
}
