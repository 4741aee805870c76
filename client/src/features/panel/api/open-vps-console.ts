import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vpsPanelApi } from '../../../../../shared/contract/vps-panel';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { vpsToolsKeys } from './vps-tools-keys';

/** POST /api/services/{id}/vps-console: the console's URL, kept nowhere but the tab it opens. */
export function useOpenVpsConsole(id: number) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(vpsPanelApi.console, { params: { id: String(id) } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: vpsToolsKeys.events(id) }),
  });
}
