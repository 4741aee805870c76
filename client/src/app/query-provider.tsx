import { useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';
import { useSessionContext } from './session/session-context';

/**
 * The app's server state (TanStack Query). One client per app (or per test render): a test never
 * sees another test's cache. Sits inside the session: what one account read is forgotten when
 * the session changes, so the next account never sees it, not even for a moment.
 */
export function QueryProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ForgetOnSessionChange />
      {children}
    </QueryClientProvider>
  );
}

function ForgetOnSessionChange() {
  const { token } = useSessionContext();
  const queryClient = useQueryClient();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current === token) return;
    previous.current = token;
    // Back to no data; what is on screen reads again with the new session's calls.
    void queryClient.resetQueries();
  }, [token, queryClient]);
  return null;
}
