import { useCallback, useEffect, useRef, useState } from 'react';
import { staffBillingPaymentsApi } from '../../../../../shared/contract/staff-billing-payments';
import type { UnusualPaymentDto } from '../../../../../shared/schemas/billing-payments';
import { useStaffApi } from '../use-staff-api';

export type UnusualPaymentsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: UnusualPaymentDto[]; next: string | null };

const PAGE = 50;

/** GET /api/admin/billing/payments by keyset: the first page on open, 'Charger plus' follows `next`. */
export function useUnusualPayments() {
  const api = useStaffApi();
  const [state, setState] = useState<UnusualPaymentsState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  /** Reads the first page for the read numbered `asked`; the state changes only once the answer is in. */
  const readFirst = useCallback(
    async (asked: number) => {
      try {
        const page = await api.call(staffBillingPaymentsApi.unusualPayments, { query: { limit: PAGE } });
        if (asked === generation.current) setState({ status: 'ready', items: page.payments, next: page.next });
      } catch {
        if (asked === generation.current) setState({ status: 'failed' });
      }
    },
    [api],
  );

  useEffect(() => {
    void readFirst(++generation.current);
  }, [readFirst]);

  const retry = useCallback(() => {
    const asked = ++generation.current;
    setState({ status: 'loading' });
    void readFirst(asked);
  }, [readFirst]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || !state.next || loadingMore) return;
    const asked = generation.current;
    setLoadingMore(true);
    try {
      const page = await api.call(staffBillingPaymentsApi.unusualPayments, { query: { limit: PAGE, after: state.next } });
      if (asked !== generation.current) return;
      setState((now) => {
        if (now.status !== 'ready') return now;
        const shown = new Set(now.items.map((p) => p.key));
        return { status: 'ready', items: [...now.items, ...page.payments.filter((p) => !shown.has(p.key))], next: page.next };
      });
    } catch {
      // The rows shown stay; the button can be pressed again.
    } finally {
      setLoadingMore(false);
    }
  }, [api, state, loadingMore]);

  return { state, loadingMore, loadMore, retry };
}
