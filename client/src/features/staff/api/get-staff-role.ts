import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionUser } from '../../../../../shared/schemas/auth';
import { isStaffRole, type StaffRole } from '../../../../../shared/staff/permissions';
import { staffAuthApi } from '../../../../../shared/contract/staff-auth';
import { callApi } from '../../../api/call';
import { ApiError } from '../../../api/client';
import { STAFF_TOKEN_REQUIRED } from '../use-staff-api';
import { staffKeys } from './staff-keys';

export interface StaffStanding {
  role: StaffRole;
  isOnline: boolean;
}

/**
 * The role and duty status from GET /api/admin/getrole, kept in the query cache so moving between
 * the dashboard's routes shows the sidebar at once while the role is read again (the server reads
 * it from the database each call). A failure is only logged (spec §8): the session's role stands
 * in. A refused staff token calls `onExpired`.
 */
export function useStaffRole(user: SessionUser, adminToken: string | null, onExpired: () => void) {
  const queryClient = useQueryClient();
  const queryKey = staffKeys.role(user.id);
  const query = useQuery({
    queryKey,
    enabled: adminToken !== null,
    retry: false,
    queryFn: async ({ signal }): Promise<StaffStanding> => {
      try {
        const answer = await callApi(staffAuthApi.getRole, { query: { userId: user.id } }, { token: adminToken, signal });
        if (!isStaffRole(answer.role)) throw new Error(`not a staff role: ${answer.role}`);
        return { role: answer.role, isOnline: answer.is_online };
      } catch (error) {
        if (error instanceof ApiError && error.status === 401 && error.error === STAFF_TOKEN_REQUIRED) {
          onExpired();
          throw error;
        }
        if (signal.aborted) throw error;
        console.error('Role fetch failed', error);
        const known = queryClient.getQueryData<StaffStanding>(queryKey);
        if (known) return known;
        if (isStaffRole(user.role)) return { role: user.role, isOnline: false };
        throw error;
      }
    },
  });

  const setOnline = useCallback(
    (isOnline: boolean) =>
      queryClient.setQueryData<StaffStanding>(staffKeys.role(user.id), (current) => (current ? { ...current, isOnline } : current)),
    [queryClient, user.id],
  );

  return { standing: query.data ?? null, setOnline };
}
