import { useCallback, useEffect, useState } from 'react';
import type { CustomerTicket } from '../../../../shared/schemas/support';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { listTickets } from './support-api';

export type TicketsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; tickets: CustomerTicket[] };

/** The session user's tickets (GET /api/tickets), newest first, and a way to put a new one on top. */
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
        ({ tickets }) => setState({ status: 'ready', tickets }),
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
          ? { ...current, state: { status: 'ready', tickets: [ticket, ...current.state.tickets] } }
          : current,
      );
    },
    [ready, load],
  );
  const reload = useCallback(() => void load(), [load]);

  return { state, reload, prepend };
}

const LOADING: TicketsState = { status: 'loading' };
