import { Router, type RequestHandler } from 'express';
import { twoFactorApi } from '../../../shared/contract/two-factor';
import type { SecondFactorRateLimits } from '../../http/rate-limits';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { requestContext } from '../auth/auth.routes';
import { presentUser } from '../auth/user.presenter';
import type { LoginChallenges } from './login-challenges.service';
import type { SecondFactorCode, TwoFactor } from './two-factor.service';

interface Deps {
  twoFactor: TwoFactor;
  challenges: LoginChallenges;
  requireUser: RequestHandler;
  limits: SecondFactorRateLimits;
}

const oneCode = (body: { code?: string; recoveryCode?: string }): SecondFactorCode =>
  body.recoveryCode !== undefined ? { recoveryCode: body.recoveryCode } : { code: body.code ?? '' };

/** /api/account/2fa/*: the caller's own second factor; /api/auth/login/second-factor: the login's code step. */
export function twoFactorRoutes({ twoFactor, challenges, requireUser, limits }: Deps): Router {
  const router = Router();

  route(router, twoFactorApi.status, requireUser, async ({ req, res }) => {
    res.set('Cache-Control', 'no-store');
    return twoFactor.status(currentUser(req));
  });

  // The secret is in the answer: never cached anywhere.
  route(router, twoFactorApi.setup, requireUser, async ({ req, res }) => {
    res.set('Cache-Control', 'no-store');
    return twoFactor.startEnrolment(currentUser(req));
  });

  route(router, twoFactorApi.confirm, requireUser, limits.account, async ({ req, res, body }) => {
    res.set('Cache-Control', 'no-store');
    return { recoveryCodes: await twoFactor.confirm(currentUser(req), body.code, requestContext(req)) };
  });

  route(router, twoFactorApi.regenerateRecoveryCodes, requireUser, limits.account, async ({ req, res, body }) => {
    res.set('Cache-Control', 'no-store');
    return { recoveryCodes: await twoFactor.regenerateRecoveryCodes(currentUser(req), body.code, requestContext(req)) };
  });

  route(router, twoFactorApi.disable, requireUser, limits.account, async ({ req, body }) => {
    await twoFactor.disable(currentUser(req), body.password, oneCode(body), requestContext(req));
    return { success: true as const };
  });

  route(router, twoFactorApi.loginSecondFactor, limits.login, async ({ req, body }) => {
    const { user, token } = await challenges.complete(body.challenge, oneCode(body), requestContext(req));
    return { user: presentUser(user), token };
  });

  return router;
}
