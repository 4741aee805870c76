import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../../../shared/contract/auth';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { dropSessions } from './sessions-keys';

/** "Déconnecter" one other session: DELETE /api/auth/sessions/{id}; it leaves the list at once. */
export function useEndSession() {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(authApi.endSession, { params: { id } }),
    onSuccess: (_answer, id) => dropSessions(queryClient, (session) => session.id === id),
  });
}
