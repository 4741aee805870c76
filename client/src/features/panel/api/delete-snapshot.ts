import { vpsPanelApi } from '../../../../../shared/contract/vps-panel';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { useSnapshotChange } from './snapshot-change';

/** DELETE /api/services/{id}/snapshot. */
export function useDeleteSnapshot(id: number) {
  const api = useAuthedApi();
  return useSnapshotChange(() => api.call(vpsPanelApi.deleteSnapshot, { params: { id: String(id) } }), id);
}
