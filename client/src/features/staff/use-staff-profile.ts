import { useEffect, useState } from 'react';
import { staffProfileApi } from '../../../../shared/contract/staff-profile';
import type { StaffProfileDto, TransactionDto } from '../../../../shared/schemas/staff/profile';
import { useStaffApi } from './use-staff-api';

export type ProfileState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; profile: StaffProfileDto; transactions: TransactionDto[] };

/** The staff member's own profile and recent wallet transactions, read together. */
export function useStaffProfile(userId: number) {
  const api = useStaffApi();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    Promise.all([
      api.call(staffProfileApi.profile, { params: { id: String(userId) } }, { signal }),
      api.call(staffProfileApi.transactions, { params: { id: String(userId) } }, { signal }),
    ])
      .then(([profile, { transactions }]) => setState({ status: 'ready', profile, transactions }))
      .catch(() => {
        if (!signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [api, userId, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { state, retry };
}
