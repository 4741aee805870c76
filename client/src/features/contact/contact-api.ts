// POST /api/contact (DESIGN.md §3): open to visitors; a logged-in customer's bearer ties the ticket to them.
import type { ticketsApi } from '../../../../shared/contract/tickets';
import type { BodyIn } from '../../../../shared/contract/endpoint';
import { PUBLIC_ROUTES } from '../../api/public-routes';
import type { useAuthedApi } from '../../app/session/use-authed-api';

type AuthedApi = ReturnType<typeof useAuthedApi>;

/** Sends the form; the answer names the ticket it opened ({ticketId}). */
export const sendContactMessage = (api: AuthedApi, body: BodyIn<typeof ticketsApi.contact>) =>
  api.call<typeof ticketsApi.contact>(PUBLIC_ROUTES.contact, { body });
