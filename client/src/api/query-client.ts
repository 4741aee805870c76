import { focusManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

// The app's TanStack Query client (issue 32): server state is read and written through it, with
// the contract's calls as query and mutation functions (the abort signal passed through).

/** The spec's pace for lists that follow the server (spec §9: every 10 s). */
export const REFRESH_MS = 10_000;

/** A refusal (4xx) gives the same answer when asked again; a network failure or a 5xx may not. */
export function isWorthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

// The page's visibility is TanStack's focus: it hears `visibilitychange` where the document fires
// it (its default listens on window), so a hidden tab stops polling and catches up when shown.
focusManager.setEventListener((onFocus) => {
  if (typeof document === 'undefined') return undefined;
  const listener = () => onFocus(document.visibilityState !== 'hidden');
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Once more after a failure, a network or server one only.
        retry: (failures, error) => failures < 1 && isWorthRetrying(error),
        // Polling pauses while the page is hidden (spec §9); shown again, what is older than a few
        // seconds is read again at once (TanStack's focus is the page's visibility).
        refetchIntervalInBackground: false,
        refetchOnWindowFocus: true,
        staleTime: 5_000,
      },
      // A write is never sent twice behind the customer's back.
      mutations: { retry: false },
    },
  });
}
