import { useCallback, useEffect, useState } from 'react';
import type { SandboxCheckoutDto } from '../../../../shared/schemas/checkout';
import { ApiError } from '../../api/client';
import { fetchSandboxCheckout } from './sandbox-api';

export type SandboxCheckoutState =
  { status: 'loading' } | { status: 'not_found' } | { status: 'failed' } | { status: 'ready'; checkout: SandboxCheckoutDto };

/**
 * The checkout behind /sandbox-checkout/:id. `retry` shows the loading state again (after a failed
 * load); `refresh` reads it quietly, e.g. when Pay finds it already closed in another tab.
 */
export function useSandboxCheckout(id: string) {
  // Kept with the checkout id it belongs to: another id reads as 'loading' until its own answer.
  const [shown, setShown] = useState<{ id: string; state: SandboxCheckoutState } | null>(null);
  const state: SandboxCheckoutState = shown?.id === id ? shown.state : LOADING;
  const setState = useCallback((next: SandboxCheckoutState) => setShown({ id, state: next }), [id]);

  const load = useCallback(
    // The state is set only once the answer is in (never before the first await).
    (signal?: AbortSignal) =>
      fetchSandboxCheckout(id, signal).then(
        (checkout) => setState({ status: 'ready', checkout }),
        (error: unknown) => {
          if (signal?.aborted) return; // left the page: nothing to show
          setState({ status: error instanceof ApiError && error.status === 404 ? 'not_found' : 'failed' });
        },
      ),
    [id, setState],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const retry = useCallback(() => {
    setState(LOADING);
    void load();
  }, [load, setState]);
  const refresh = useCallback(() => void load(), [load]);

  return { state, retry, refresh };
}

const LOADING: SandboxCheckoutState = { status: 'loading' };
