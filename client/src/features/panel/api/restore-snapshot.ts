import { vpsPanelApi } from '../../../../../shared/contract/vps-panel';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { useSnapshotChange } from './snapshot-change';

/** POST /api/services/{id}/snapshot/restore: the disk goes back to the snapshot. */
export function useRestoreSnapshot(id: number) {
  const api = useAuthedApi();
  return useSnapshotChange(() => api.call(vpsPanelApi.restoreSnapshot, { params: { id: String(id) } }), id);
}
