import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gameFilesApi } from '../../../../../shared/contract/game-files';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { gameFilesKeys } from './game-files-keys';

/** GET /api/services/{id}/files?directory=: one directory of the game server, the last one shown while the next loads. */
export function useGameDirectory(id: number, directory: string) {
  const api = useAuthedApi();
  return useQuery({
    queryKey: gameFilesKeys.directory(id, directory),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.call(gameFilesApi.list, { params: { id: String(id) }, query: { directory } }, { signal }),
    enabled: api.token !== null,
  });
}
