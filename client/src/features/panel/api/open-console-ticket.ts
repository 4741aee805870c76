import { useMutation } from '@tanstack/react-query';
import { gameConsoleApi } from '../../../../../shared/contract/game-console';
import { useAuthedApi } from '../../../app/session/use-authed-api';

/** POST /api/services/{id}/console/ticket: a one-minute ticket for one console socket (never kept). */
export function useOpenConsoleTicket(id: number) {
  const api = useAuthedApi();
  return useMutation({
    mutationFn: async () => (await api.call(gameConsoleApi.ticket, { params: { id: String(id) } })).ticket,
  });
}
