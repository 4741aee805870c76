// The Support page's calls (DESIGN.md §3); both carry the bearer through useAuthedApi.
import { ticketsApi } from '../../../../shared/contract/tickets';
import type { BodyIn } from '../../../../shared/contract/endpoint';
import type { useAuthedApi } from '../../app/session/use-authed-api';

type AuthedApi = ReturnType<typeof useAuthedApi>;

/** GET /api/tickets: the session user's tickets, newest first. */
/** A page of the caller's tickets: the first, or the one after the ticket `after`. */
export const listTickets = (api: AuthedApi, signal?: AbortSignal, after?: number) =>
  api.call(ticketsApi.list, { query: { after } }, { signal });

/** POST /api/tickets: a new ticket, answered as the list shows it. */
export const openTicket = (api: AuthedApi, body: BodyIn<typeof ticketsApi.open>) => api.call(ticketsApi.open, { body });
