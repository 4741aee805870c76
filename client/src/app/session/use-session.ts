import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLanguage } from '../../ui/use-language';
import { revokeSession } from './revoke-session';
import { useSessionContext } from './session-context';

/**
 * The session for pages and components inside the router: logout ends the session on the server
 * (the request leaves with the token before the browser drops it), then goes home (spec §2).
 */
export function useSession() {
  const { user, token, login, endSession, refreshUser } = useSessionContext();
  const navigate = useNavigate();
  const lng = useLanguage();

  const logout = useCallback(() => {
    if (token) void revokeSession(token);
    endSession();
    navigate(`/${lng}/`);
  }, [token, endSession, navigate, lng]);

  return { user, token, login, logout, refreshUser };
}
