import { useCallback } from 'react';
import { authApi } from '../../../../shared/contract/auth';
import type { SessionDto } from '../../../../shared/schemas/auth';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { usePolling } from '../use-polling';

// "Last seen" moves by minutes on the server: once a minute is plenty.
const SESSIONS_REFRESH_MS = 60_000;
const sessionsDelay = () => SESSIONS_REFRESH_MS;

/** The account's live sessions (GET /api/auth/sessions), ending one, or all the others. */
export function useSessions() {
  const api = useAuthedApi();
  const read = useCallback(async (signal: AbortSignal) => (await api.call(authApi.sessions, {}, { signal })).sessions, [api]);
  const { state, retry, replace } = usePolling<SessionDto[]>({ load: api.token ? read : null, delayAfter: sessionsDelay });

  const end = useCallback(
    async (id: string) => {
      await api.call(authApi.endSession, { params: { id } });
      replace((sessions) => sessions.filter((session) => session.id !== id));
    },
    [api, replace],
  );

  const endOthers = useCallback(async () => {
    const { ended } = await api.call(authApi.logoutAll);
    replace((sessions) => sessions.filter((session) => session.current));
    return ended;
  }, [api, replace]);

  return { state, retry, end, endOthers };
}
