import { useMutation } from '@tanstack/react-query';
import { vpsApi } from '../../../../../shared/contract/vps';
import type { VpsAction } from '../../../../../shared/schemas/vps';
import { useAuthedApi } from '../../../app/session/use-authed-api';

/** Start, stop or reboot: POST /api/vps/{id}/{action} (empty body); answers the machine in its new state. */
export function useActOnVps() {
  const api = useAuthedApi();
  return useMutation({
    mutationFn: ({ vpsId, action }: { vpsId: number; action: VpsAction }) =>
      api.call(vpsApi.act, { params: { vpsId: String(vpsId), action } }),
  });
}
