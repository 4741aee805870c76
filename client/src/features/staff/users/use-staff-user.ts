import { useCallback, useEffect, useState } from 'react';
import { staffUsersApi } from '../../../../../shared/contract/staff-users';
import type { StaffUserDetailDto, StaffUserDto } from '../../../../../shared/schemas/staff/users';
import { useStaffApi } from '../use-staff-api';

export type UserDetailState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; detail: StaffUserDetailDto };

/** One account with its orders and VPS (GET /api/admin/users/{id}). */
export function useStaffUser(userId: number) {
  const api = useStaffApi();
  // Kept with the account, the api and the attempt it was read for: anything else reads as 'loading'.
  const [answer, setAnswer] = useState<{ userId: number; api: typeof api; attempt: number; state: UserDetailState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const state: UserDetailState =
    answer && answer.userId === userId && answer.api === api && answer.attempt === attempt ? answer.state : LOADING;

  useEffect(() => {
    const controller = new AbortController();
    const settle = (state: UserDetailState) => setAnswer({ userId, api, attempt, state });
    api
      .call(staffUsersApi.detail, { params: { id: String(userId) } }, { signal: controller.signal })
      .then((detail) => settle({ status: 'ready', detail }))
      .catch(() => {
        if (!controller.signal.aborted) settle({ status: 'failed' });
      });
    return () => controller.abort();
  }, [api, userId, attempt]);

  /** The answer of a role change: the detail shows the new role (and the forms that go with it). */
  const updateUser = useCallback((user: StaffUserDto) => {
    setAnswer((now) =>
      now && now.state.status === 'ready'
        ? { ...now, state: { status: 'ready', detail: { ...now.state.detail, user: { ...now.state.detail.user, ...user } } } }
        : now,
    );
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, updateUser, retry };
}

const LOADING: UserDetailState = { status: 'loading' };
