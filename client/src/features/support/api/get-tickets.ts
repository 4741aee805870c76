import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomerTicket } from '../../../../../shared/schemas/support';
import { useKeysetList, type KeysetData } from '../../../api/keyset-list';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { listTickets } from '../support-api';

/** `next`: the cursor of the page after the last ticket shown; null when there is none. */
export type TicketsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; tickets: CustomerTicket[]; next: number | null };

export const ticketsKeys = { all: ['support', 'tickets'] as const };

const idOf = (ticket: CustomerTicket) => ticket.id;

/**
 * The session user's tickets (GET /api/tickets), newest first, 50 a page: 'Charger plus' adds the
 * page after the last one shown; `prepend` puts a new one on top.
 */
export function useTickets() {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  const list = useKeysetList(
    {
      queryKey: ticketsKeys.all,
      fetchPage: async (after, signal) => {
        const page = await listTickets(api, signal, after ?? undefined);
        return { items: page.tickets, next: page.next };
      },
      enabled: api.token !== null,
    },
    idOf,
  );
  const { state: listState, query, retry } = list;
  const next = query.data?.pages.at(-1)?.next ?? null;
  const state: TicketsState = useMemo(
    () => (listState.status === 'ready' ? { status: 'ready', tickets: listState.items, next } : { status: listState.status }),
    [listState, next],
  );

  const ready = state.status === 'ready';
  const prepend = useCallback(
    async (ticket: CustomerTicket) => {
      // A list that failed or is still loading is read again instead: it then holds the new one too.
      if (!ready) return void retry();
      await queryClient.cancelQueries({ queryKey: ticketsKeys.all });
      // On top of the first page: the newest ticket is the first row.
      queryClient.setQueryData<KeysetData<CustomerTicket>>(ticketsKeys.all, (data) =>
        data
          ? { ...data, pages: data.pages.map((page, index) => (index === 0 ? { ...page, items: [ticket, ...page.items] } : page)) }
          : data,
      );
    },
    [ready, retry, queryClient],
  );
  const reload = useCallback(() => void retry(), [retry]);

  return {
    state,
    reload,
    prepend: (ticket: CustomerTicket) => void prepend(ticket),
    loadMore: list.loadMore,
    loadingMore: list.loadingMore,
  };
}
