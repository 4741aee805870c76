import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { twoFactorApi } from '../../../../shared/contract/two-factor';
import { callApi } from '../../api/call';
import { useLanguage } from '../../ui/use-language';

/** The server's refusal of a staff member without a second factor (403). */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';

/**
 * Staff enrol a second factor before the back-office opens (issue 19): without one they are sent
 * to its page first; the server refuses their staff calls anyway (403 second_factor_required).
 */
export function SecondFactorGate({ sessionToken, children }: { sessionToken: string; children: ReactNode }) {
  const lng = useLanguage();
  const [state, setState] = useState<'checking' | 'ok' | 'enrol'>('checking');

  useEffect(() => {
    let live = true;
    callApi(twoFactorApi.status, {}, { token: sessionToken }).then(
      (status) => live && setState(status.required && !status.enabled ? 'enrol' : 'ok'),
      // Unknown: the password screen and the server decide (a 403 there sends here too).
      () => live && setState('ok'),
    );
    return () => {
      live = false;
    };
  }, [sessionToken]);

  // While it asks, the password screen shows as usual: the server refuses staff calls without it anyway.
  if (state === 'enrol') return <Navigate to={`/${lng}/settings/two-factor`} replace state={{ fromInside: true }} />;
  return children;
}
