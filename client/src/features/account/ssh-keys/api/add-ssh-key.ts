import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sshKeysApi } from '../../../../../../shared/contract/ssh-keys';
import type { SshKeyAddInput } from '../../../../../../shared/schemas/ssh-keys';
import { useAuthedApi } from '../../../../app/session/use-authed-api';
import { sshKeysKeys } from '../../../../ui/ssh-keys/ssh-keys-keys';

/** POST /api/account/ssh-keys: the new key is put first in the list at once, then the list is read again. */
export function useAddSshKey() {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SshKeyAddInput) => api.call(sshKeysApi.add, { body }),
    onSuccess: ({ sshKey }) => {
      queryClient.setQueryData<{ sshKeys: (typeof sshKey)[] }>(sshKeysKeys.all, (list) => list && { sshKeys: [sshKey, ...list.sshKeys] });
      void queryClient.invalidateQueries({ queryKey: sshKeysKeys.all });
    },
  });
}
