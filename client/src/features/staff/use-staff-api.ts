import { useMemo } from 'react';
import type { Endpoint } from '../../../../shared/contract/endpoint';
import { callApi, type CallInput } from '../../api/call';
import { ApiError, type RequestOptions } from '../../api/client';
import { useStaff } from './staff-context';

type Options = Omit<RequestOptions, 'token'>;

/** The error the server gives when the staff token is missing or expired. */
export const STAFF_TOKEN_REQUIRED = 'staff_token_required';

/**
 * Back-office calls, each one an endpoint of the contract (shared/contract/staff-*.ts): they carry the staff token (`adminToken`), not the session's. A 401
 * `staff_token_required` means the token expired: the password screen comes back; the error still
 * reaches the caller.
 */
export function useStaffApi() {
  const { adminToken, expire } = useStaff();
  return useMemo(() => {
    async function guard<T>(call: () => Promise<T>): Promise<T> {
      try {
        return await call();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401 && error.error === STAFF_TOKEN_REQUIRED) expire();
        // Second factor reset meanwhile: back to the password step, which sends to its enrolment.
        if (error instanceof ApiError && error.status === 403 && error.error === 'second_factor_required') expire();
        throw error;
      }
    }
    return {
      call: <E extends Endpoint>(declared: E, input?: CallInput<E>, options?: Options) =>
        guard(() => callApi(declared, input, { ...options, token: adminToken })),
    };
  }, [adminToken, expire]);
}
