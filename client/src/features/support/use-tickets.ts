import { useCallback, useEffect, useState } from 'react';
import type { CustomerTicket } from '../../../../shared/schemas/support';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { listTickets } from './support-api';

export type TicketsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; tickets: CustomerTicket[] };

/** The session user's tickets (GET /api/tickets), newest first, and a way to put a new one on top. */
export function useTickets() {
  const api = useAuthedApi();
  const [state, setState] = useState<TicketsState>({ status: 'loading' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setState({ status: 'loading' });
      try {
        const { tickets } = await listTickets(api, signal);
        setState({ status: 'ready', tickets });
      } catch {
        if (signal?.aborted) return; // left the page or the session changed: a newer load follows
        setState({ status: 'failed' });
      }
    },
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const ready = state.status === 'ready';
  const prepend = useCallback(
    (ticket: CustomerTicket) => {
      // A list that failed or is still loading is read again instead: it then holds the new one too.
      if (!ready) return void load();
      setState((current) => (current.status === 'ready' ? { status: 'ready', tickets: [ticket, ...current.tickets] } : current));
    },
    [ready, load],
  );
  const reload = useCallback(() => void load(), [load]);

  return { state, reload, prepend };
}
