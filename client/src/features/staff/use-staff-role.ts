import { useCallback, useEffect, useState } from 'react';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { isStaffRole, type StaffRole } from '../../../../shared/staff/permissions';
import { staffAuthApi } from '../../../../shared/contract/staff-auth';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/client';
import { STAFF_TOKEN_REQUIRED } from './use-staff-api';

export interface StaffStanding {
  role: StaffRole;
  isOnline: boolean;
}

// The last answer, kept across the dashboard's two routes so moving between them shows the
// sidebar at once while the role is read again (the server reads it from the database each call).
let lastKnown: (StaffStanding & { userId: number }) | null = null;

/**
 * The role and duty status from GET /api/admin/getrole. A failure is only logged (spec §8): the
 * session's role stands in. A refused staff token calls `onExpired`.
 */
export function useStaffRole(user: SessionUser, adminToken: string | null, onExpired: () => void) {
  const [standing, setStanding] = useState<StaffStanding | null>(() => (lastKnown?.userId === user.id ? lastKnown : null));

  useEffect(() => {
    if (!adminToken) return;
    const controller = new AbortController();
    callApi(staffAuthApi.getRole, { query: { userId: user.id } }, { token: adminToken, signal: controller.signal })
      .then((answer) => {
        const role = isStaffRole(answer.role) ? answer.role : null;
        if (!role) throw new Error(`not a staff role: ${answer.role}`);
        remember(user.id, { role, isOnline: answer.is_online });
        setStanding({ role, isOnline: answer.is_online });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401 && error.error === STAFF_TOKEN_REQUIRED) {
          onExpired();
          return;
        }
        console.error('Role fetch failed', error);
        if (isStaffRole(user.role)) setStanding((current) => current ?? { role: user.role as StaffRole, isOnline: false });
      });
    return () => controller.abort();
  }, [adminToken, user.id, user.role, onExpired]);

  const setOnline = useCallback(
    (isOnline: boolean) =>
      setStanding((current) => {
        if (!current) return current;
        const next = { ...current, isOnline };
        remember(user.id, next);
        return next;
      }),
    [user.id],
  );

  return { standing, setOnline };
}

function remember(userId: number, standing: StaffStanding) {
  lastKnown = { userId, ...standing };
}

/** Tests start each case from nothing. */
export function forgetStaffRole() {
  lastKnown = null;
}
