import { useMemo } from 'react';
import type { Endpoint } from '../../../../shared/contract/endpoint';
import { callApi, type CallInput, type RouteOf } from '../../api/call';
import { ApiError, type RequestOptions } from '../../api/client';
import { useSessionContext } from './session-context';

type Options = Omit<RequestOptions, 'token'>;

/**
 * Calls that carry the session's bearer token. A 401 means the token is expired or refused:
 * the session ends quietly (both keys cleared, no navigation) and the error still reaches the
 * caller, which decides what to show. The fetch wrapper itself stays free of navigation.
 */
export function useAuthedApi() {
  const { token, endSession } = useSessionContext();

  return useMemo(() => {
    async function guard<T>(call: () => Promise<T>): Promise<T> {
      try {
        return await call();
      } catch (error) {
        if (token && error instanceof ApiError && error.status === 401) endSession(token);
        throw error;
      }
    }
    return {
      call: <E extends Endpoint>(declared: E | RouteOf<E>, input?: CallInput<E>, options?: Options) =>
        guard(() => callApi(declared, input, { ...options, token })),
      token,
    };
  }, [token, endSession]);
}
