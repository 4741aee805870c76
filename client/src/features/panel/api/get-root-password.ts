import { useQuery } from '@tanstack/react-query';
import { vpsPanelApi } from '../../../../../shared/contract/vps-panel';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { vpsToolsKeys } from './vps-tools-keys';

/** How often a running reset is looked at again. */
const FOLLOW_MS = 5000;

/** GET /api/services/{id}/root-password: whether a reset still runs, followed while it does. */
export function useRootPasswordState(id: number, enabled: boolean) {
  const api = useAuthedApi();
  return useQuery({
    queryKey: vpsToolsKeys.rootPassword(id),
    queryFn: ({ signal }) => api.call(vpsPanelApi.rootPassword, { params: { id: String(id) } }, { signal }),
    enabled: enabled && api.token !== null,
    refetchInterval: (query) => (query.state.data?.running ? FOLLOW_MS : false),
  });
}
