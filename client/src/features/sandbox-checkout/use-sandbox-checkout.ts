import { useCallback, useEffect, useState } from 'react';
import type { SandboxCheckoutDto } from '../../../../shared/schemas/checkout';
import { ApiError } from '../../api/client';
import { fetchSandboxCheckout } from './sandbox-api';

export type SandboxCheckoutState =
  | { status: 'loading' }
  | { status: 'not_found' }
  | { status: 'failed' }
  | { status: 'ready'; checkout: SandboxCheckoutDto };

/**
 * The checkout behind /sandbox-checkout/:id. `retry` shows the loading state again (after a failed
 * load); `refresh` reads it quietly, e.g. when Pay finds it already closed in another tab.
 */
export function useSandboxCheckout(id: string) {
  const [state, setState] = useState<SandboxCheckoutState>({ status: 'loading' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const checkout = await fetchSandboxCheckout(id, signal);
        setState({ status: 'ready', checkout });
      } catch (error) {
        if (signal?.aborted) return; // left the page: nothing to show
        setState({ status: error instanceof ApiError && error.status === 404 ? 'not_found' : 'failed' });
      }
    },
    [id],
  );

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void load();
  }, [load]);
  const refresh = useCallback(() => void load(), [load]);

  return { state, retry, refresh };
}
