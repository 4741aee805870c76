import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { NotFoundError } from '../../http/errors';
import { currentUser } from '../../http/require-user';
import type { BankAccount } from '../checkout/bank-transfer.service';
import type { Seller } from './invoice-document';
import { createInvoiceService } from './invoice.service';

const orderIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /api/vps/orders/{id}/invoice: the order's PDF (invoice once paid, pro forma before), saved as facture_{id}.pdf. */
export function invoiceRoutes(deps: { db: Knex; seller: Seller; bank: BankAccount; requireUser: RequestHandler }): Router {
  const invoices = createInvoiceService(deps);
  const router = Router();

  router.get('/vps/orders/:id/invoice', deps.requireUser, async (req, res) => {
    const params = orderIdParams.safeParse(req.params);
    if (!params.success) throw NotFoundError('No such order');
    const { fileName, pdf } = await invoices.invoicePdf(currentUser(req), params.data.id);
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      // Buyer identity and amounts: never kept by a shared cache nor by the browser.
      'Cache-Control': 'private, no-store',
    });
    res.send(pdf);
  });

  return router;
}
