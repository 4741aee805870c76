import { useQuery, useQueryClient } from '@tanstack/react-query';
import { staffProfileApi } from '../../../../../shared/contract/staff-profile';
import type { StaffProfileDto, TransactionDto } from '../../../../../shared/schemas/staff/profile';
import { useStaffApi } from '../use-staff-api';
import { staffKeys } from './staff-keys';

export type ProfileState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; profile: StaffProfileDto; transactions: TransactionDto[] };

/** The staff member's own profile and recent wallet transactions, read together. */
export function useStaffProfile(userId: number) {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  const queryKey = [...staffKeys.profile, userId] as const;
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const [profile, { transactions }] = await Promise.all([
        api.call(staffProfileApi.profile, { params: { id: String(userId) } }, { signal }),
        api.call(staffProfileApi.transactions, { params: { id: String(userId) } }, { signal }),
      ]);
      return { profile, transactions };
    },
    retry: false,
    gcTime: 0,
  });
  const state: ProfileState = query.data
    ? { status: 'ready', ...query.data }
    : query.isError
      ? { status: 'failed' }
      : { status: 'loading' };
  const retry = () => void queryClient.resetQueries({ queryKey, exact: true });
  return { state, retry };
}
