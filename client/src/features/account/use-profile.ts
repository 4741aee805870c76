import { useCallback, useEffect, useState } from 'react';
import { accountApi } from '../../../../shared/contract/account';
import type { ProfileDto } from '../../../../shared/schemas/account';
import { useAuthedApi } from '../../app/session/use-authed-api';

export type ProfileState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; profile: ProfileDto };

/** The caller's profile (GET /api/account/profile); `replace` after a save, `retry` after a failure. */
export function useProfile() {
  const api = useAuthedApi();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!api.token) return;
    const controller = new AbortController();
    api
      .call(accountApi.profile, {}, { signal: controller.signal })
      .then(({ profile }) => setState({ status: 'ready', profile }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
        return error;
      });
    return () => controller.abort();
  }, [api, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const replace = useCallback((profile: ProfileDto) => setState({ status: 'ready', profile }), []);
  return { state, retry, replace };
}
