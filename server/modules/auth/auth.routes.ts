import { Router, type Request, type RequestHandler } from 'express';
import { checkVerifiedQuerySchema, forgotPasswordSchema, loginSchema, resetPasswordSchema, resetTokenQuerySchema, verifyEmailSchema } from '../../../shared/schemas/auth';
import { registerSchema } from '../../../shared/schemas/register';
import { currentUser } from '../../http/require-user';
import type { AuthRateLimits } from '../../http/rate-limits';
import { validate } from '../../http/validate';
import type { AuthService, RequestContext } from './auth.service';
import type { PasswordResetService } from './password-reset.service';
import { presentUser } from './user.presenter';

export interface AuthRoutesDeps {
  auth: AuthService;
  passwordReset: PasswordResetService;
  limits: AuthRateLimits;
  requireUser: RequestHandler;
  discordEnabled: boolean;
}

export const requestContext = (req: Request): RequestContext => ({ ip: req.ip ?? null });

/** /api/auth/*: e-mail and password accounts (Discord has its own routes). */
export function authRoutes({ auth, passwordReset, limits, requireUser, discordEnabled }: AuthRoutesDeps): Router {
  const router = Router();

  router.post('/auth/register', limits.register, async (req, res) => {
    const input = validate(registerSchema, req.body);
    const { user, token } = await auth.register(input, requestContext(req));
    res.status(201).json({ success: true, token, message: 'register.success', user: presentUser(user) });
  });

  router.post('/auth/login', limits.login, async (req, res) => {
    const { user, token } = await auth.login(validate(loginSchema, req.body));
    res.json({ user: presentUser(user), token });
  });

  router.get('/auth/me', requireUser, (req, res) => {
    res.json({ user: presentUser(currentUser(req)) });
  });

  router.post('/auth/verify-email', async (req, res) => {
    const { token } = validate(verifyEmailSchema, req.body);
    await auth.verifyEmail(token, requestContext(req));
    res.json({ success: true });
  });

  router.get('/auth/check-verified', requireUser, (req, res) => {
    const { email } = validate(checkVerifiedQuerySchema, req.query);
    res.json({ isVerified: auth.isVerified(currentUser(req), email) });
  });

  router.post('/auth/resend-verification', requireUser, limits.resendVerification, async (req, res) => {
    const { alreadyVerified } = await auth.resendVerification(currentUser(req));
    res.json(alreadyVerified ? { success: true, alreadyVerified: true } : { success: true });
  });

  router.post('/auth/forget-password-via-email', limits.forgotPassword, async (req, res) => {
    await passwordReset.requestReset(validate(forgotPasswordSchema, req.body));
    res.json({ message: 'forgetpassword.emailSent' }); // the same answer whether the account exists or not
  });

  router.get('/auth/check-reset-token', async (req, res) => {
    const { token } = validate(resetTokenQuerySchema, req.query);
    res.json({ valid: await passwordReset.isUsable(token) });
  });

  router.post('/auth/reset-password', async (req, res) => {
    await passwordReset.resetPassword(validate(resetPasswordSchema, req.body), requestContext(req));
    res.json({ message: 'resetpassword.success' });
  });

  router.get('/auth/providers', (_req, res) => {
    res.json({ discord: discordEnabled });
  });

  return router;
}
