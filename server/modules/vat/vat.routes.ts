import { Router, type RequestHandler } from 'express';
import { currentUser } from '../../http/require-user';
import type { VatService } from './vat.service';

/** GET /api/account/vat: the cart reads it to show (and send) the total the server will compute. */
export function vatRoutes(deps: { vat: VatService; requireUser: RequestHandler }): Router {
  const router = Router();
  router.get('/account/vat', deps.requireUser, async (req, res) => {
    const { status } = await deps.vat.forCustomer(currentUser(req));
    res.set('Cache-Control', 'private, no-store');
    res.json(status);
  });
  return router;
}
