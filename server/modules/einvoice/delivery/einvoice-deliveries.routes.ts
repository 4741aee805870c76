import { Router } from 'express';
import { staffEinvoicesApi } from '../../../../shared/contract/staff-einvoices';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { EinvoiceDeliveries } from './einvoice-deliveries.service';

/** Billing (admin only), Peppol: the deliveries of issued documents, and 'Renvoyer'. */
export function einvoiceDeliveriesRoutes({ deliveries, guards }: { deliveries: EinvoiceDeliveries; guards: StaffGuards }): Router {
  const router = Router();
  const billingArea = [guards.staff, guards.area('billing')];

  route(router, staffEinvoicesApi.list, ...billingArea, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return deliveries.page(query);
  });

  route(router, staffEinvoicesApi.resend, ...billingArea, async ({ req, params }) => ({
    delivery: await deliveries.resend(currentUser(req), params.id, req.ip),
  }));

  return router;
}
