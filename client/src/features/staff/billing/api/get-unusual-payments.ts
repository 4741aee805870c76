import { useMemo } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { staffBillingPaymentsApi } from '../../../../../../shared/contract/staff-billing-payments';
import type { UnusualPaymentDto } from '../../../../../../shared/schemas/billing-payments';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

export type UnusualPaymentsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: UnusualPaymentDto[]; next: string | null };

const PAGE = 50;

/** GET /api/admin/billing/payments by keyset (a text cursor): the first page on open, 'Charger plus' follows `next`. */
export function useUnusualPayments() {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: staffKeys.unusualPayments,
    queryFn: ({ pageParam, signal }) =>
      api.call(staffBillingPaymentsApi.unusualPayments, { query: { limit: PAGE, after: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    retry: false,
    gcTime: 0,
  });
  const { data, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const state: UnusualPaymentsState = useMemo(() => {
    if (!data) return isError ? { status: 'failed' } : { status: 'loading' };
    // A payment shows once, whatever page it came on.
    const seen = new Set<string>();
    const items = data.pages.flatMap((page) => page.payments).filter((p) => !seen.has(p.key) && seen.add(p.key));
    return { status: 'ready', items, next: data.pages.at(-1)?.next ?? null };
  }, [data, isError]);

  return {
    state,
    loadingMore: isFetchingNextPage,
    loadMore: async () => {
      if (hasNextPage && !isFetchingNextPage) await fetchNextPage({ cancelRefetch: false });
    },
    retry: () => void queryClient.resetQueries({ queryKey: staffKeys.unusualPayments, exact: true }),
  };
}
