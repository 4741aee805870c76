import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gameBackupsApi } from '../../../../../shared/contract/game-backups';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { gameBackupsKey } from './game-backups-keys';
import { servicesKeys } from './services-keys';

/** DELETE /api/services/{id}/backups/{backupId}: the answer is the list without it. */
export function useDeleteGameBackup(serviceId: number) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (backupId: string) => api.call(gameBackupsApi.remove, { params: { id: String(serviceId), backupId } }),
    onSuccess: (list) => queryClient.setQueryData(gameBackupsKey(serviceId), list),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...servicesKeys.detail(serviceId), 'events'] }),
  });
}
