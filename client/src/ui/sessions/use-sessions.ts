import { useEndOtherSessions } from './api/end-other-sessions';
import { useEndSession } from './api/end-session';
import { useSessionsList } from './api/get-sessions';

/** The account's live sessions, ending one, or all the others (each call in api/). */
export function useSessions() {
  const { state, retry } = useSessionsList();
  const endOne = useEndSession();
  const endAll = useEndOtherSessions();
  return {
    state,
    retry,
    end: async (id: string) => void (await endOne.mutateAsync(id)),
    endOthers: async () => (await endAll.mutateAsync()).ended,
  };
}
