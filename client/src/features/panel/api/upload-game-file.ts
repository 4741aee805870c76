import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gameFilesApi } from '../../../../../shared/contract/game-files';
import { pathOf } from '../../../../../shared/contract/endpoint';
import type { GameFileEntryDto } from '../../../../../shared/schemas/game-files';
import { ApiError, NETWORK_ERROR } from '../../../api/client';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { gameFilesKeys } from './game-files-keys';
import { servicesKeys } from './services-keys';

/**
 * POST /api/services/{id}/files/upload?directory=&name=: the file itself as the body (the JSON
 * client cannot carry bytes), with the bearer; the directory and the history read again after.
 */
export function useUploadGameFile(id: number) {
  const { token } = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ directory, file }: { directory: string; file: File }): Promise<GameFileEntryDto> => {
      const query = new URLSearchParams({ directory, name: file.name });
      let response: Response;
      try {
        response = await fetch(`${pathOf(gameFilesApi.upload, { id })}?${query}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/octet-stream',
            Accept: 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: file,
        });
      } catch (cause) {
        throw new ApiError(0, { error: NETWORK_ERROR, message: String(cause) });
      }
      const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
      if (!response.ok)
        throw new ApiError(response.status, { error: body.error ?? `http_${response.status}`, message: body.message ?? '' });
      return body as GameFileEntryDto;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...gameFilesKeys.all(id), 'dir'] });
      void queryClient.invalidateQueries({ queryKey: [...servicesKeys.detail(id), 'events'] });
    },
  });
}
