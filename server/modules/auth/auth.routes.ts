import { Router, type Request, type RequestHandler } from 'express';
import { authApi } from '../../../shared/contract/auth';
import { registerApi } from '../../../shared/contract/register';
import type { AuthRateLimits } from '../../http/rate-limits';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { RequestContext } from '../../http/request-context';
import type { AuthService } from './auth.service';
import type { LoginDevices } from './login-device';
import type { PasswordResetService } from './password-reset.service';
import { presentResend, presentUser } from './user.presenter';

export interface AuthRoutesDeps {
  auth: AuthService;
  passwordReset: PasswordResetService;
  limits: AuthRateLimits;
  /** Device cookies: a browser that logged in before passes a flood of strangers (OWASP). */
  devices: LoginDevices;
  requireUser: RequestHandler;
  discordEnabled: boolean;
}

export const requestContext = (req: Request): RequestContext => ({ ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });

/** /api/auth/*: e-mail and password accounts (Discord has its own routes). */
export function authRoutes({ auth, passwordReset, limits, devices, requireUser, discordEnabled }: AuthRoutesDeps): Router {
  const router = Router();

  route(router, registerApi.register, limits.register, async ({ req, body }) => {
    const { user, token } = await auth.register(body, requestContext(req));
    return { success: true as const, token, message: 'register.success', user: presentUser(user) };
  });

  route(router, authApi.login, devices.recognise, limits.login, async ({ req, res, body }) => {
    const lane = res.locals.loginDevice ? 'returning-device' : 'anybody';
    const answer = await auth.login(body, requestContext(req), lane);
    // The password was right: this browser is a returning device from now on (the code step too).
    devices.remember(res, body.email);
    if ('challenge' in answer) return answer; // the code step first (modules/two-factor)
    return { user: presentUser(answer.user), token: answer.token };
  });

  route(router, authApi.me, requireUser, ({ req }) => ({ user: presentUser(currentUser(req)) }));

  route(router, authApi.verifyEmail, async ({ req, body }) => {
    await auth.verifyEmail(body.token, requestContext(req));
    return { success: true as const };
  });

  route(router, authApi.checkVerified, requireUser, ({ req, query }) => ({
    isVerified: auth.isVerified(currentUser(req), query.email),
  }));

  route(router, authApi.resendVerification, requireUser, limits.resendVerification, async ({ req }) =>
    presentResend(await auth.resendVerification(currentUser(req))),
  );

  route(router, authApi.forgotPassword, limits.forgotPassword, async ({ body }) => {
    await passwordReset.requestReset(body);
    return { message: 'forgetpassword.emailSent' }; // the same answer whether the account exists or not
  });

  route(router, authApi.checkResetToken, async ({ query }) => ({ valid: await passwordReset.isUsable(query.token) }));

  route(router, authApi.resetPassword, async ({ req, body }) => {
    await passwordReset.resetPassword(body, requestContext(req));
    return { message: 'resetpassword.success' };
  });

  route(router, authApi.providers, () => ({ discord: discordEnabled }));

  return router;
}
