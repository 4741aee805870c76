import { useQuery } from '@tanstack/react-query';
import { gameFilesApi } from '../../../../../shared/contract/game-files';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { gameFilesKeys } from './game-files-keys';

/** GET /api/services/{id}/sftp: the node's address, port and the SFTP user; they change only with a move. */
export function useSftpAccess(id: number) {
  const api = useAuthedApi();
  return useQuery({
    queryKey: gameFilesKeys.sftp(id),
    queryFn: ({ signal }) => api.call(gameFilesApi.sftp, { params: { id: String(id) } }, { signal }),
    enabled: api.token !== null,
    staleTime: 5 * 60_000,
  });
}
