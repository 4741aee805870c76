import { Router, type RequestHandler } from 'express';
import { creditNotesApi, invoicesApi } from '../../../shared/contract/invoices';
import { currentUser } from '../../http/require-user';
import { route, SENT } from '../../http/route';
import { sendFile } from '../../http/send-file';
import type { Documents } from './documents.service';

/**
 * The customer's documents: GET /api/vps/orders/{id}/invoice (facture_{id}.pdf, a pro forma while
 * unpaid; ?format=ubl gives the Peppol UBL facture_{id}.xml once issued), and their credit notes.
 */
export function invoiceRoutes(deps: { documents: Documents; requireUser: RequestHandler }): Router {
  const { documents } = deps;
  const router = Router();

  route(router, invoicesApi.pdf, deps.requireUser, async ({ req, res, params, query }): Promise<typeof SENT> => {
    sendFile(res, await documents.invoiceFile(currentUser(req), params.id, query.format));
    return SENT;
  });

  // Polled every 10 s with the invoices: an unchanged page is a 304 to the browser's ETag.
  route(router, creditNotesApi.list, deps.requireUser, async ({ req, res, query }) => {
    res.set({ 'Cache-Control': 'private, no-cache', Vary: 'Authorization' });
    return documents.creditNotes(currentUser(req), query);
  });

  route(router, creditNotesApi.document, deps.requireUser, async ({ req, res, params, query }): Promise<typeof SENT> => {
    sendFile(res, await documents.creditNoteFile(currentUser(req), params.id, query.format));
    return SENT;
  });

  return router;
}
