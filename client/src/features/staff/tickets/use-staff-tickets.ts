import { useCallback, useEffect, useState } from 'react';
import { staffTicketsApi } from '../../../../../shared/contract/staff-tickets';
import type { StaffTicketDto } from '../../../../../shared/schemas/staff';
import { mergeById } from '../merge-by-id';
import { useStaffApi } from '../use-staff-api';
import { useTenSecondRefresh } from '../use-ten-second-refresh';

export type TicketsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; tickets: StaffTicketDto[] };

/** The customers' tickets, newest first (GET /api/admin/support-tickets), refreshed like the orders. */
export function useStaffTickets() {
  const api = useStaffApi();
  const [state, setState] = useState<TicketsState>({ status: 'loading' });

  // The state is set only once the answer is in, never synchronously from the effect below.
  const load = useCallback(
    () =>
      api.call(staffTicketsApi.list).then(
        ({ tickets }) =>
          setState((current) => ({ status: 'ready', tickets: mergeById(current.status === 'ready' ? current.tickets : [], tickets) })),
        // A failed refresh keeps the list on screen; only a first load shows the error.
        () => setState((current) => (current.status === 'ready' ? current : { status: 'failed' })),
      ),
    [api],
  );

  useEffect(() => {
    void load();
  }, [load]);
  useTenSecondRefresh(load, state.status === 'ready');

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

  return { state, updateTicket, retry };
}
