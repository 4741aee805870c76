import { useCallback, useEffect, useState } from 'react';
import type { CustomerTicket } from '../../../../shared/schemas/support';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { listTickets } from './support-api';

/** `next`: the cursor of the page after the last ticket shown; null when there is none. */
export type TicketsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; tickets: CustomerTicket[]; next: number | null };

/**
 * The session user's tickets (GET /api/tickets), newest first, 50 a page: 'Charger plus' adds the
 * page after the last one shown; `prepend` puts a new one on top.
 */
export function useTickets() {
  const api = useAuthedApi();
  // Kept with the session's api it was read with: another session's list reads as 'loading'.
  const [shown, setShown] = useState<{ api: typeof api; state: TicketsState } | null>(null);
  const state: TicketsState = shown?.api === api ? shown.state : LOADING;
  const setState = useCallback((next: TicketsState) => setShown({ api, state: next }), [api]);

  /** Reads the list; the state changes only once the answer is in. */
  const fetchTickets = useCallback(
    (signal?: AbortSignal) =>
      listTickets(api, signal).then(
        ({ tickets, next }) => setState({ status: 'ready', tickets, next }),
        () => {
          if (signal?.aborted) return; // left the page or the session changed: a newer load follows
          setState({ status: 'failed' });
        },
      ),
    [api, setState],
  );

  /** Shows the loading state again, then reads. */
  const load = useCallback(() => {
    setState(LOADING);
    return fetchTickets();
  }, [setState, fetchTickets]);

  useEffect(() => {
    const controller = new AbortController();
    void fetchTickets(controller.signal);
    return () => controller.abort();
  }, [fetchTickets]);

  const ready = state.status === 'ready';
  const prepend = useCallback(
    (ticket: CustomerTicket) => {
      // A list that failed or is still loading is read again instead: it then holds the new one too.
      if (!ready) return void load();
      setShown((current) =>
        current && current.state.status === 'ready'
          ? { ...current, state: { ...current.state, tickets: [ticket, ...current.state.tickets] } }
          : current,
      );
    },
    [ready, load],
  );
  const reload = useCallback(() => void load(), [load]);

  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || state.next === null || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await listTickets(api, undefined, state.next);
      setShown((current) => {
        if (!current || current.api !== api || current.state.status !== 'ready') return current;
        const seen = new Set(current.state.tickets.map((ticket) => ticket.id));
        const tickets = [...current.state.tickets, ...page.tickets.filter((ticket) => !seen.has(ticket.id))];
        return { ...current, state: { status: 'ready', tickets, next: page.next } };
      });
    } catch {
      // The tickets shown stay; the button can be pressed again.
    } finally {
      setLoadingMore(false);
    }
  }, [api, state, loadingMore]);

  return { state, reload, prepend, loadMore, loadingMore };
}

const LOADING: TicketsState = { status: 'loading' };
