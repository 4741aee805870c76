import { useCallback, useEffect, useRef, useState } from 'react';
import type { Role } from '../../../../../shared/constants';
import type { StaffUserDto, StaffUsersPageDto } from '../../../../../shared/schemas/staff';
import { usersPath } from '../staff-api-paths';
import { useStaffApi } from '../use-staff-api';
import { mergeById } from '../merge-by-id';

export interface UserFilters {
  q: string;
  role: Role | '';
}

export type UsersState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; users: StaffUserDto[]; page: number; hasMore: boolean };

/**
 * The Users list (GET /api/admin/users, 50 a page): page 1 again whenever the filters change,
 * 'Charger plus' appends the next. An answer to older filters is dropped.
 */
export function useStaffUsers(filters: UserFilters) {
  const api = useStaffApi();
  const [state, setState] = useState<UsersState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);

  useEffect(() => {
    const asked = ++generation.current;
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .get<StaffUsersPageDto>(usersPath(filters.q, filters.role, 1), { signal: controller.signal })
      .then((answer) => {
        if (asked === generation.current) setState({ status: 'ready', users: answer.users, page: 1, hasMore: answer.hasMore });
      })
      .catch(() => {
        if (!controller.signal.aborted && asked === generation.current) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [api, filters.q, filters.role, attempt]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || loadingMore) return;
    const asked = generation.current;
    setLoadingMore(true);
    try {
      const answer = await api.get<StaffUsersPageDto>(usersPath(filters.q, filters.role, state.page + 1));
      if (asked !== generation.current) return;
      // Accounts created meanwhile shift the pages: an account already shown is not repeated.
      setState((now) => (now.status === 'ready' ? { status: 'ready', users: mergeById(now.users, [...now.users, ...answer.users]), page: now.page + 1, hasMore: answer.hasMore } : now));
    } catch {
      // The list stays as it is; the button can be pressed again.
    } finally {
      setLoadingMore(false);
    }
  }, [api, filters.q, filters.role, state, loadingMore]);

  /** An account changed in its detail (its role): the row shows it at once. */
  const updateUser = useCallback((user: StaffUserDto) => {
    setState((now) => (now.status === 'ready' ? { ...now, users: now.users.map((row) => (row.id === user.id ? { ...row, ...user } : row)) } : now));
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { state, loadingMore, loadMore, updateUser, retry };
}
