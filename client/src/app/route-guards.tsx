import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { readInsideState } from '../ui/inside-state';
import { useLanguage } from '../ui/use-language';
import { useSessionContext } from './session/session-context';

/** Register, login, forget-password and dashboard-admin render only when reached from inside the site. */
export function RequireFromInside() {
  const { state } = useLocation();
  if (readInsideState(state).fromInside !== true) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * Login and register are for visitors: someone who arrives already logged in goes home. Only the
 * session at arrival counts, so logging in on the page does not race the page's own redirect.
 */
export function GuestOnly() {
  const { user } = useSessionContext();
  const lng = useLanguage();
  const [arrivedLoggedIn] = useState(() => user !== null);
  if (arrivedLoggedIn) return <Navigate to={`/${lng}/`} replace />;
  return <Outlet />;
}
