import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gameConsoleApi } from '../../../../../shared/contract/game-console';
import type { PowerSignal } from '../../../../../shared/schemas/game-console';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { gameResourcesKey } from './get-game-resources';
import { servicesKeys } from './services-keys';

/** POST /api/services/{id}/power: the panel takes the signal; the state follows on the console and in the resources. */
export function useSendPowerSignal(id: number) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signal: PowerSignal) => api.call(gameConsoleApi.power, { params: { id: String(id) }, body: { signal } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: gameResourcesKey(id) });
      // The history lists the signal.
      void queryClient.invalidateQueries({ queryKey: [...servicesKeys.detail(id), 'events'] });
    },
  });
}
