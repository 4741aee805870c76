import { useQuery } from '@tanstack/react-query';
import { gameFilesApi } from '../../../../../shared/contract/game-files';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { gameFilesKeys } from './game-files-keys';

/** GET /api/services/{id}/files/contents?file=: a text file for the editor, read fresh each time it opens. */
export function useGameFile(id: number, file: string) {
  const api = useAuthedApi();
  return useQuery({
    queryKey: gameFilesKeys.contents(id, file),
    queryFn: ({ signal }) => api.call(gameFilesApi.read, { params: { id: String(id) }, query: { file } }, { signal }),
    enabled: api.token !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
