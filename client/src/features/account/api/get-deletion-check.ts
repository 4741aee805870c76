import { useQuery } from '@tanstack/react-query';
import { accountApi } from '../../../../../shared/contract/account';
import type { DeletionBlocker } from '../../../../../shared/schemas/account';
import { useAuthedApi } from '../../../app/session/use-authed-api';

export const deletionCheckKeys = { all: ['account', 'deletion-check'] as const };

/**
 * What stands in the way of deleting the account (GET /api/account/deletion-check): null while
 * asked; a failed check lists nothing (the server refuses the deletion itself if it must).
 */
export function useDeletionBlockers(): DeletionBlocker[] | null {
  const api = useAuthedApi();
  const query = useQuery({
    queryKey: deletionCheckKeys.all,
    queryFn: async ({ signal }) => (await api.call(accountApi.deletionCheck, {}, { signal })).blockers,
    retry: false,
    // Orders and servers change elsewhere: each visit asks again.
    gcTime: 0,
  });
  if (query.data) return query.data;
  return query.isError ? [] : null;
}
