import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gameBackupsApi } from '../../../../../shared/contract/game-backups';
import type { GameBackupCreateInput } from '../../../../../shared/schemas/game-backups';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { gameBackupsKey } from './game-backups-keys';
import { servicesKeys } from './services-keys';

/** POST /api/services/{id}/backups: the backup starts; the list is read again (it polls while it runs). */
export function useCreateGameBackup(serviceId: number) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GameBackupCreateInput) => api.call(gameBackupsApi.create, { params: { id: String(serviceId) }, body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: gameBackupsKey(serviceId) });
      void queryClient.invalidateQueries({ queryKey: [...servicesKeys.detail(serviceId), 'events'] });
    },
  });
}
