import type { RequestHandler } from 'express';
import { savedMethodsRoutes } from './saved-methods.routes';
import { createSavedMethods, type SavedMethodsDeps } from './saved-methods.service';

/** The customer's saved payment methods; account deletion removes them through `methods`. */
export function savedMethodsModule({
  requireUser,
  setupLimit,
  ...deps
}: SavedMethodsDeps & { requireUser: RequestHandler; setupLimit: RequestHandler }) {
  const methods = createSavedMethods(deps);
  return { routes: savedMethodsRoutes({ methods, requireUser, setupLimit }), methods };
}
