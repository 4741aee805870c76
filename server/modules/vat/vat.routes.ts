import { Router, type RequestHandler } from 'express';
import { vatApi } from '../../../shared/contract/vat';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { VatService } from './vat.service';

/** GET /api/account/vat: the cart reads it to show (and send) the total the server will compute. */
export function vatRoutes(deps: { vat: VatService; requireUser: RequestHandler }): Router {
  const router = Router();
  route(router, vatApi.status, deps.requireUser, async ({ req, res }) => {
    const { status } = await deps.vat.forCustomer(currentUser(req));
    res.set('Cache-Control', 'private, no-store');
    return status;
  });
  return router;
}
