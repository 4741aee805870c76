import { Router } from 'express';
import { paymentsApi } from '../../../shared/contract/payments';
import { route } from '../../http/route';
import type { SandboxCheckouts } from './sandbox-checkout.service';
import { presentSandboxCheckout } from './sandbox.presenter';

/** The local payment page's calls (providers without keys only); the checkout id is the credential. */
export function sandboxRoutes({ checkouts }: { checkouts: SandboxCheckouts }): Router {
  const router = Router();

  route(router, paymentsApi.sandboxCheckout, async ({ res, params }) => {
    const { checkout, lines } = await checkouts.show(params.id);
    res.set('Cache-Control', 'no-store');
    return { checkout: presentSandboxCheckout(checkout, lines) };
  });

  route(router, paymentsApi.sandboxPay, async ({ params }) => ({ redirectUrl: await checkouts.finish(params.id, 'paid') }));

  route(router, paymentsApi.sandboxCancel, async ({ params }) => ({ redirectUrl: await checkouts.finish(params.id, 'cancelled') }));

  return router;
}
