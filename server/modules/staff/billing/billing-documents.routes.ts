import { Router } from 'express';
import { staffBillingApi } from '../../../../shared/contract/staff-billing';
import type { StaffGuards } from '../../../http/require-staff';
import { route, SENT } from '../../../http/route';
import { sendFile } from '../../../http/send-file';
import type { Documents } from '../../invoices/documents.service';

/** Billing's documents (admin only): issued invoices and credit notes with their checks, their files, the accountant's export. */
export function billingDocumentsRoutes(deps: { guards: StaffGuards; documents: Documents }): Router {
  const { guards, documents } = deps;
  const router = Router();
  const billingArea = [guards.staff, guards.area('billing')];

  route(router, staffBillingApi.documents, ...billingArea, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return documents.documentsPage(query);
  });

  route(router, staffBillingApi.documentFile, ...billingArea, async ({ res, params, query }): Promise<typeof SENT> => {
    sendFile(res, await documents.documentFile(params.id, query.format));
    return SENT;
  });

  route(router, staffBillingApi.export, ...billingArea, async ({ res, query }): Promise<typeof SENT> => {
    sendFile(res, await documents.exportPeriod(query));
    return SENT;
  });

  return router;
}
