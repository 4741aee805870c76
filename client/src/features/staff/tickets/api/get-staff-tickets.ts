import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { staffTicketsApi } from '../../../../../../shared/contract/staff-tickets';
import type { StaffTicketDto } from '../../../../../../shared/schemas/staff/tickets';
import { updateKeysetRows, useKeysetList } from '../../../../api/keyset-list';
import { REFRESH_MS } from '../../../../api/query-client';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

/** `next`: the cursor after the last ticket shown (null: none after it). */
export type TicketsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; tickets: StaffTicketDto[]; next: number | null };

const idOf = (ticket: StaffTicketDto) => ticket.id;

/**
 * The customers' tickets, newest first (GET /api/admin/support-tickets, 100 a page), read again
 * every 10 s like the orders; 'Charger plus' adds the page after the last ticket shown. A failed
 * refresh keeps the list on screen.
 */
export function useStaffTickets() {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  const list = useKeysetList(
    {
      queryKey: staffKeys.tickets,
      fetchPage: async (after, signal) => {
        const page = await api.call(staffTicketsApi.list, after === null ? {} : { query: { after } }, { signal });
        return { items: page.tickets, next: page.next };
      },
      refetchInterval: (data) => (data ? REFRESH_MS : false),
    },
    idOf,
  );
  const { state: listState, hasMore, query } = list;
  const lastPage = query.data?.pages.at(-1);
  const state: TicketsState = useMemo(
    () =>
      listState.status === 'ready'
        ? { status: 'ready', tickets: listState.items, next: hasMore ? (lastPage?.next ?? null) : null }
        : { status: listState.status },
    [listState, hasMore, lastPage],
  );

  /** A reply's answer: the ticket as the list now shows it. */
  const updateTicket = useCallback(
    async (ticket: StaffTicketDto) => {
      await queryClient.cancelQueries({ queryKey: staffKeys.tickets });
      updateKeysetRows<StaffTicketDto>(queryClient, staffKeys.tickets, (rows) => rows.map((row) => (row.id === ticket.id ? ticket : row)));
    },
    [queryClient],
  );

  return { state, updateTicket, retry: () => void list.retry(), loadMore: list.loadMore, loadingMore: list.loadingMore };
}
