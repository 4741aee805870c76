import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vpsPanelApi } from '../../../../../shared/contract/vps-panel';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { vpsToolsKeys } from './vps-tools-keys';

/** POST /api/services/{id}/root-password/reset: how the new password comes (or, in the sandbox, the password). */
export function useResetRootPassword(id: number) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(vpsPanelApi.resetRootPassword, { params: { id: String(id) } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vpsToolsKeys.rootPassword(id) });
      void queryClient.invalidateQueries({ queryKey: vpsToolsKeys.events(id) });
    },
  });
}
