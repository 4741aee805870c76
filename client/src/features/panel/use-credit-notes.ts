import { useCallback, useMemo, useState } from 'react';
import { creditNotesApi } from '../../../../shared/contract/invoices';
import type { CreditNoteDto } from '../../../../shared/schemas/billing-documents';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { usePolling, type PolledState } from './use-polling';

interface Older {
  api: unknown;
  /** Every credit note shown so far below the first page. */
  notes: CreditNoteDto[];
  next: number | null;
}

/**
 * The customer's credit notes (GET /api/credit-notes), newest first, 50 at a time. The first page
 * is read again every 10 s like the invoices (an unchanged one is a 304 to the ETag); 'Charger
 * plus' adds the page after the last one shown.
 */
export function useCreditNotes() {
  const api = useAuthedApi();
  const read = useCallback(async (signal: AbortSignal) => api.call(creditNotesApi.list, {}, { signal }), [api]);
  const { state: first } = usePolling({ load: api.token ? read : null });
  const [older, setOlder] = useState<Older | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const shownOlder = older && older.api === api ? older : null;

  const state: PolledState<CreditNoteDto[]> = useMemo(() => {
    if (first.status !== 'ready') return first;
    const onFirst = new Set(first.data.credit_notes.map((note) => note.id));
    const below = (shownOlder?.notes ?? []).filter((note) => !onFirst.has(note.id));
    return { status: 'ready', stale: first.stale, data: [...first.data.credit_notes, ...below] };
  }, [first, shownOlder]);
  const next = shownOlder ? shownOlder.next : first.status === 'ready' ? first.data.next : null;

  const loadMore = useCallback(async () => {
    if (next === null || loadingMore || state.status !== 'ready') return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await api.call(creditNotesApi.list, { query: { after: next } });
      const seen = new Set(state.data.map((note) => note.id));
      setOlder({ api, notes: [...state.data, ...page.credit_notes.filter((note) => !seen.has(note.id))], next: page.next });
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [api, next, loadingMore, state]);

  return { state, hasMore: next !== null, loadMore, loadingMore, moreFailed };
}
