import { useQuery } from '@tanstack/react-query';
import { sshKeysApi } from '../../../../shared/contract/ssh-keys';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { sshKeysKeys } from './ssh-keys-keys';

/** GET /api/account/ssh-keys: the account's keys, newest first (Settings lists them, a VPS reinstall offers them). */
export function useSshKeys() {
  const api = useAuthedApi();
  return useQuery({
    queryKey: sshKeysKeys.all,
    queryFn: ({ signal }) => api.call(sshKeysApi.list, {}, { signal }),
    enabled: api.token !== null,
  });
}
