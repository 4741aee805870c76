import { useCallback, useEffect, useState } from 'react';
import { staffTicketsApi } from '../../../../../shared/contract/staff-tickets';
import type { StaffTicketDto } from '../../../../../shared/schemas/staff/tickets';
import { mergeById } from '../merge-by-id';
import { useStaffApi } from '../use-staff-api';
import { useTenSecondRefresh } from '../use-ten-second-refresh';

/** `older`: the tickets 'Charger plus' added below the first page; `next`: the cursor after the last one shown. */
export type TicketsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; tickets: StaffTicketDto[]; older: StaffTicketDto[]; next: number | null };

/** The first page read afresh, then the older tickets already shown that it does not hold. */
const withOlder = (first: StaffTicketDto[], older: StaffTicketDto[]) => {
  const onFirst = new Set(first.map((ticket) => ticket.id));
  return [...first, ...older.filter((ticket) => !onFirst.has(ticket.id))];
};

/**
 * The customers' tickets, newest first (GET /api/admin/support-tickets, 100 a page). The first page
 * is refreshed like the orders; 'Charger plus' adds the page after the last ticket shown.
 */
export function useStaffTickets() {
  const api = useStaffApi();
  const [state, setState] = useState<TicketsState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);

  // The state is set only once the answer is in, never synchronously from the effect below.
  const load = useCallback(
    () =>
      api.call(staffTicketsApi.list).then(
        ({ tickets, next }) =>
          setState((current) => {
            if (current.status !== 'ready') return { status: 'ready', tickets, older: [], next };
            // Past the first page, the cursor 'Charger plus' reached stays where it was.
            const older = current.older;
            return {
              status: 'ready',
              tickets: mergeById(current.tickets, withOlder(tickets, older)),
              older,
              next: older.length ? current.next : next,
            };
          }),
        // A failed refresh keeps the list on screen; only a first load shows the error.
        () => setState((current) => (current.status === 'ready' ? current : { status: 'failed' })),
      ),
    [api],
  );

  useEffect(() => {
    void load();
  }, [load]);
  useTenSecondRefresh(load, state.status === 'ready');

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || state.next === null || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await api.call(staffTicketsApi.list, { query: { after: state.next } });
      setState((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              tickets: mergeById(current.tickets, [...current.tickets, ...page.tickets]),
              older: [...current.older, ...page.tickets],
              next: page.next,
            }
          : current,
      );
    } catch {
      // The tickets shown stay; the button can be pressed again.
    } finally {
      setLoadingMore(false);
    }
  }, [api, state, loadingMore]);

  /** A reply's answer: the ticket as the list now shows it. */
  const updateTicket = useCallback(
    (ticket: StaffTicketDto) =>
      setState((current) =>
        current.status === 'ready' ? { ...current, tickets: current.tickets.map((row) => (row.id === ticket.id ? ticket : row)) } : current,
      ),
    [],
  );

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void load();
  }, [load]);

  return { state, updateTicket, retry, loadMore, loadingMore };
}
