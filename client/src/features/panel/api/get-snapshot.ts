import { useQuery } from '@tanstack/react-query';
import { vpsPanelApi } from '../../../../../shared/contract/vps-panel';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { vpsToolsKeys } from './vps-tools-keys';

/** How often a running snapshot task is looked at again. */
const FOLLOW_MS = 3000;

/** GET /api/services/{id}/snapshot: included or not, the snapshot, and its task followed while it runs. */
export function useSnapshot(id: number) {
  const api = useAuthedApi();
  return useQuery({
    queryKey: vpsToolsKeys.snapshot(id),
    queryFn: ({ signal }) => api.call(vpsPanelApi.snapshot, { params: { id: String(id) } }, { signal }),
    enabled: api.token !== null,
    refetchInterval: (query) => (query.state.data?.snapshot.running ? FOLLOW_MS : false),
  });
}
