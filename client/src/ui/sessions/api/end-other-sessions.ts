import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../../../shared/contract/auth';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { dropSessions } from './sessions-keys';

/** "Déconnecter tous les autres appareils": POST /api/auth/logout-all; only the current session stays. */
export function useEndOtherSessions() {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(authApi.logoutAll),
    onSuccess: () => dropSessions(queryClient, (session) => !session.current),
  });
}
