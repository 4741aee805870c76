import { vpsPanelApi } from '../../../../../shared/contract/vps-panel';
import type { SnapshotCreateInput } from '../../../../../shared/schemas/vps-panel';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { useSnapshotChange } from './snapshot-change';

/** POST /api/services/{id}/snapshot: takes the one snapshot. */
export function useCreateSnapshot(id: number) {
  const api = useAuthedApi();
  return useSnapshotChange((body: SnapshotCreateInput) => api.call(vpsPanelApi.createSnapshot, { params: { id: String(id) }, body }), id);
}
