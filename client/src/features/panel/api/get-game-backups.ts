import { useQuery } from '@tanstack/react-query';
import { gameBackupsApi } from '../../../../../shared/contract/game-backups';
import type { GameBackupsDto } from '../../../../../shared/schemas/game-backups';
import { REFRESH_MS } from '../../../api/query-client';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { gameBackupsKey } from './game-backups-keys';

/** How often the list is read while the node works on a backup or a restore. */
export const BACKUP_POLL_MS = 2_000;

/** Whether the node is still working: a backup being made, or a restore replacing the files. */
export const nodeWorking = (data: GameBackupsDto | undefined) =>
  data !== undefined && (data.restoring || data.backups.some((b) => b.status === 'creating'));

/** GET /api/services/{id}/backups: read every 2 s while something runs, every 10 s otherwise. */
export function useGameBackups(serviceId: number) {
  const api = useAuthedApi();
  return useQuery({
    queryKey: gameBackupsKey(serviceId),
    queryFn: ({ signal }) => api.call(gameBackupsApi.list, { params: { id: String(serviceId) } }, { signal }),
    enabled: api.token !== null,
    refetchInterval: (query) => (nodeWorking(query.state.data) ? BACKUP_POLL_MS : REFRESH_MS),
  });
}
