import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { invoicesApi } from '../../../shared/contract/invoices';
import { currentUser } from '../../http/require-user';
import { route, SENT } from '../../http/route';
import type { BankAccount } from '../checkout/bank-transfer.service';
import type { Seller } from './draft-invoice';
import { createInvoiceService } from './invoice.service';

/** GET /api/vps/orders/{id}/invoice: the order's PDF (invoice once paid, pro forma before), saved as facture_{id}.pdf. */
export function invoiceRoutes(deps: { db: Knex; seller: Seller; bank: BankAccount; requireUser: RequestHandler }): Router {
  const invoices = createInvoiceService(deps);
  const router = Router();

  route(router, invoicesApi.pdf, deps.requireUser, async ({ req, res, params }): Promise<typeof SENT> => {
    const { fileName, pdf } = await invoices.invoicePdf(currentUser(req), params.id);
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      // Buyer identity and amounts: never kept by a shared cache nor by the browser.
      'Cache-Control': 'private, no-store',
    });
    res.send(pdf);
    return SENT;
  });

  return router;
}
