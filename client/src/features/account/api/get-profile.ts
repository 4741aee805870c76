import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '../../../../../shared/contract/account';
import type { ProfileDto } from '../../../../../shared/schemas/account';
import { useAuthedApi } from '../../../app/session/use-authed-api';

export type ProfileState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; profile: ProfileDto };

export const profileKeys = { all: ['account', 'profile'] as const };

/** The caller's profile (GET /api/account/profile); `replace` after a save, `retry` after a failure. */
export function useProfile() {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: profileKeys.all,
    queryFn: async ({ signal }) => (await api.call(accountApi.profile, {}, { signal })).profile,
    enabled: api.token !== null,
    retry: false,
  });
  const state: ProfileState = query.data
    ? { status: 'ready', profile: query.data }
    : query.isError
      ? { status: 'failed' }
      : { status: 'loading' };
  const retry = useCallback(() => void queryClient.resetQueries({ queryKey: profileKeys.all, exact: true }), [queryClient]);
  const replace = useCallback((profile: ProfileDto) => queryClient.setQueryData(profileKeys.all, profile), [queryClient]);
  return { state, retry, replace };
}
