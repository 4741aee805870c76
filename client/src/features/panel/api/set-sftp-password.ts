import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gameFilesApi } from '../../../../../shared/contract/game-files';
import type { SftpPasswordInput } from '../../../../../shared/schemas/game-files';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { servicesKeys } from './services-keys';

/** POST /api/services/{id}/sftp/password: the password comes back once; the history is read again. */
export function useSetSftpPassword(id: number) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SftpPasswordInput) => api.call(gameFilesApi.sftpPassword, { params: { id: String(id) }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...servicesKeys.detail(id), 'events'] }),
  });
}
