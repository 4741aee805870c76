import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { authApi } from '../../../../shared/contract/auth';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { callApi } from '../../api/call';
import { PUBLIC_ROUTES } from '../../api/public-routes';
import { ApiError } from '../../api/client';
import { useHydrated } from '../../api/initial-data';
import { SessionContext, type SessionContextValue } from './session-context';
import { clearStoredSession, readStoredSession, storeSession, TOKEN_KEY, USER_KEY, type StoredSession } from './session-storage';

const NO_SESSION: StoredSession = { user: null, token: null };

/**
 * Holds the logged-in user and token, mirrored in localStorage ('user', 'token'). On load a
 * stored token is checked once with GET /api/auth/me: refused (401) means a quiet logout.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession>(readStoredSession);
  // The latest token, for async work that must not act on a session that has since changed.
  // Every change of session goes through the callbacks below, which keep it in step.
  const tokenRef = useRef(session.token);

  const login = useCallback((user: SessionUser, token: string) => {
    storeSession(user, token);
    tokenRef.current = token;
    setSession({ user, token });
  }, []);

  const endSession = useCallback((expiredToken?: string) => {
    if (expiredToken !== undefined && expiredToken !== tokenRef.current) return;
    clearStoredSession();
    tokenRef.current = null;
    setSession({ user: null, token: null });
  }, []);

  const refreshUser = useCallback(async () => {
    const token = tokenRef.current;
    if (!token) return null;
    try {
      const { user } = await callApi<typeof authApi.me>(PUBLIC_ROUTES.me, {}, { token });
      if (tokenRef.current !== token) return null; // logged out or switched meanwhile
      // Logged out in another tab meanwhile (storage cleared): the answer must not bring it back.
      if (readStoredSession().token !== token) return null;
      storeSession(user, token);
      setSession({ user, token });
      return user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        endSession(token);
        return null;
      }
      throw error;
    }
  }, [endSession]);

  // Once per page load (a ref, so StrictMode's second effect run does not call it again).
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    // Offline or a server error: keep the stored session, the next authenticated call decides.
    refreshUser().catch(() => undefined);
  }, [refreshUser]);

  // Another tab logged in or out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== USER_KEY && event.key !== TOKEN_KEY) return;
      const next = readStoredSession();
      tokenRef.current = next.token;
      setSession(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // A page the server rendered is hydrated as the server saw it, with no one logged in. A visitor
  // not logged in keeps the same value after it: nothing that reads it renders again.
  const shown = useHydrated() && (session.user || session.token) ? session : NO_SESSION;
  const value = useMemo<SessionContextValue>(
    () => ({ user: shown.user, token: shown.token, login, endSession, refreshUser }),
    [shown, login, endSession, refreshUser],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}
