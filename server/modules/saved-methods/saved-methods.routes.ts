import { Router, type RequestHandler } from 'express';
import { paymentMethodsApi } from '../../../shared/contract/payment-methods';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { presentSavedMethod, presentSavedMethods } from './saved-methods.presenter';
import type { SavedMethods } from './saved-methods.service';

/** The customer's saved payment methods (panel, "Paiement" tab). */
export function savedMethodsRoutes(deps: {
  methods: SavedMethods;
  requireUser: RequestHandler;
  /** 10 set-ups (provider or sandbox) per hour for one account. */
  setupLimit: RequestHandler;
}): Router {
  const { methods } = deps;
  const router = Router();
  const listOf = async (rows: Awaited<ReturnType<SavedMethods['list']>>) => presentSavedMethods(rows, methods.offers());

  route(router, paymentMethodsApi.list, deps.requireUser, async ({ req, res }) => {
    res.set('Cache-Control', 'no-store');
    return listOf(await methods.list(currentUser(req)));
  });

  route(router, paymentMethodsApi.startSetup, deps.requireUser, deps.setupLimit, async ({ req, body }) => {
    const user = currentUser(req);
    const started = await methods.startSetup(user, body.provider, body.lng ?? user.language);
    return { setup_id: started.setupId, redirect_url: started.redirectUrl };
  });

  route(router, paymentMethodsApi.finishSetup, deps.requireUser, async ({ req, params }) => {
    const result = await methods.finishSetup(currentUser(req), params.setupId);
    return { status: result.status, method: result.method ? presentSavedMethod(result.method) : null };
  });

  route(router, paymentMethodsApi.saveSandbox, deps.requireUser, deps.setupLimit, async ({ req, body }) =>
    presentSavedMethod(await methods.saveSandbox(currentUser(req), body.outcome)),
  );

  route(router, paymentMethodsApi.setDefault, deps.requireUser, async ({ req, params }) =>
    listOf(await methods.setDefault(currentUser(req), params.id)),
  );

  route(router, paymentMethodsApi.remove, deps.requireUser, async ({ req, params }) =>
    listOf(await methods.remove(currentUser(req), params.id)),
  );

  return router;
}
