import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxCheckoutDto } from '../../../../../shared/schemas/checkout';
import { ApiError } from '../../../api/client';
import { fetchSandboxCheckout } from '../sandbox-api';

export type SandboxCheckoutState =
  { status: 'loading' } | { status: 'not_found' } | { status: 'failed' } | { status: 'ready'; checkout: SandboxCheckoutDto };

const checkoutKey = (id: string) => ['sandbox-checkout', id] as const;

/**
 * The checkout behind /sandbox-checkout/:id. `retry` shows the loading state again (after a failed
 * load); `refresh` reads it quietly, e.g. when Pay finds it already closed in another tab.
 */
export function useSandboxCheckout(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: checkoutKey(id),
    queryFn: ({ signal }) => fetchSandboxCheckout(id, signal),
    retry: false,
  });
  const { data, error } = query;
  const state: SandboxCheckoutState = data
    ? { status: 'ready', checkout: data }
    : error
      ? { status: error instanceof ApiError && error.status === 404 ? 'not_found' : 'failed' }
      : { status: 'loading' };
  const retry = () => void queryClient.resetQueries({ queryKey: checkoutKey(id), exact: true });
  const refresh = () => void query.refetch();
  return { state, retry, refresh };
}
