import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../../../shared/contract/auth';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { queryListState } from '../../query-list-state';
import { sessionsKeys } from './sessions-keys';

// "Last seen" moves by minutes on the server: once a minute is plenty.
const SESSIONS_REFRESH_MS = 60_000;

/** The account's live sessions (GET /api/auth/sessions), the current one first. */
export function useSessionsList() {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionsKeys.all,
    queryFn: async ({ signal }) => (await api.call(authApi.sessions, {}, { signal })).sessions,
    enabled: api.token !== null,
    // A failure shows at once; the retry button, or the next refresh, asks again.
    retry: false,
    refetchInterval: SESSIONS_REFRESH_MS,
  });
  const { refetch, data, isError } = query;
  const failed = data === undefined && isError;
  const retry = useCallback(
    () => void (failed ? queryClient.resetQueries({ queryKey: sessionsKeys.all, exact: true }) : refetch()),
    [failed, queryClient, refetch],
  );
  return { state: queryListState(query), retry };
}
