import { createContext, useContext } from 'react';
import type { SessionUser } from '../../../../shared/schemas/auth';

export interface SessionContextValue {
  user: SessionUser | null;
  token: string | null;
  /** Stores the user and token (spec §4: logged out -> logged in). */
  login: (user: SessionUser, token: string) => void;
  /**
   * Clears the session without navigating. With a token, only when that token is still the
   * current one: a late 401 for an old token must not log out a newer session.
   */
  endSession: (expiredToken?: string) => void;
  /** Re-reads the user from the server (GET /api/auth/me); null when logged out. */
  refreshUser: () => Promise<SessionUser | null>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionContext must be used inside <SessionProvider>');
  return value;
}
