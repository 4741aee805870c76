import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gameFilesApi } from '../../../../../shared/contract/game-files';
import type { GameFileWriteInput } from '../../../../../shared/schemas/game-files';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { gameFilesKeys } from './game-files-keys';
import { servicesKeys } from './services-keys';

/** PUT /api/services/{id}/files/contents: the file saved; the directories (sizes, dates) and the history read again. */
export function useSaveGameFile(id: number) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GameFileWriteInput) => api.call(gameFilesApi.write, { params: { id: String(id) }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...gameFilesKeys.all(id), 'dir'] });
      void queryClient.invalidateQueries({ queryKey: [...servicesKeys.detail(id), 'events'] });
    },
  });
}
