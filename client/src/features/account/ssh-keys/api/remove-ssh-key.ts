import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sshKeysApi } from '../../../../../../shared/contract/ssh-keys';
import type { SshKeyDto } from '../../../../../../shared/schemas/ssh-keys';
import { useAuthedApi } from '../../../../app/session/use-authed-api';
import { sshKeysKeys } from '../../../../ui/ssh-keys/ssh-keys-keys';

type KeyList = { sshKeys: SshKeyDto[] };

/** DELETE /api/account/ssh-keys/{id}: gone from the list at once; put back if the server refuses. */
export function useRemoveSshKey() {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(sshKeysApi.remove, { params: { id: String(id) } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: sshKeysKeys.all });
      const before = queryClient.getQueryData<KeyList>(sshKeysKeys.all);
      queryClient.setQueryData<KeyList>(sshKeysKeys.all, (list) => list && { sshKeys: list.sshKeys.filter((key) => key.id !== id) });
      return { before };
    },
    onError: (_error, _id, context) => queryClient.setQueryData(sshKeysKeys.all, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sshKeysKeys.all }),
  });
}
