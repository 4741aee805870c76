import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLanguage } from '../../ui/use-language';
import { useSessionContext } from './session-context';

/** The session for pages and components inside the router: logout also goes home (spec §2). */
export function useSession() {
  const { user, token, login, endSession, refreshUser } = useSessionContext();
  const navigate = useNavigate();
  const lng = useLanguage();

  const logout = useCallback(() => {
    endSession();
    navigate(`/${lng}/`);
  }, [endSession, navigate, lng]);

  return { user, token, login, logout, refreshUser };
}
