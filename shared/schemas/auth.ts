import { z } from 'zod';
import { ROLES, USER_TYPES } from '../constants';
import { LANGUAGES } from '../i18n/languages';
import { email, optionalText, PASSWORD_MIN_LENGTH, required } from './fields';

// One truth for every account rule: the server validates with these schemas and the forms use
// the same ones. Messages are locale keys (spec §5 names them); the client translates them.
// Registration lives in ./register.ts.

export { PASSWORD_MIN_LENGTH } from './fields';

/** POST /api/auth/login */
export const loginSchema = z.object({
  email: z.string({ error: 'login.errorrequired' }).trim().toLowerCase().min(1, 'login.errorrequired'),
  password: z.string({ error: 'login.errorrequired' }).min(1, 'login.errorrequired'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/auth/verify-email */
export const verifyEmailSchema = z.object({ token: required('verifyemail.errortoken') });

/** GET /api/auth/check-verified?email= */
export const checkVerifiedQuerySchema = z.object({ email });

/** POST /api/auth/forget-password-via-email — the business accordion also sends the VAT number. */
export const forgotPasswordSchema = z.object({
  email,
  tva: optionalText,
  language: z.enum(LANGUAGES).optional(),
});
export const forgotPasswordBusinessFormSchema = forgotPasswordSchema.extend({
  tva: required('forgetpassword.tvaRequired'),
});

/** GET /api/auth/check-reset-token?token= */
export const resetTokenQuerySchema = z.object({ token: required('resetpassword.missingToken') });

/** POST /api/auth/reset-password */
export const resetPasswordSchema = z.object({
  token: required('resetpassword.missingToken'),
  newPassword: z.string({ error: 'resetpassword.errorlength' }).min(PASSWORD_MIN_LENGTH, 'resetpassword.errorlength').max(200),
});
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'resetpassword.errormatch',
  });

/** The session user: what the client keeps under the storage key 'user' (spec §3). */
export const sessionUserSchema = z.object({
  id: z.number().int().positive(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  avatarUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  userType: z.enum(USER_TYPES),
  country: z.string(),
  currency: z.string(),
  language: z.enum(LANGUAGES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Login and the Discord session: {user, token} (spec §7). */
export const authResponseSchema = z.object({ user: sessionUserSchema, token: z.string().min(1) });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** GET /api/auth/me */
export const meResponseSchema = z.object({ user: sessionUserSchema });

/** POST /api/auth/verify-email */
export const verifyEmailResponseSchema = z.object({ success: z.literal(true) });

/** GET /api/auth/check-verified (spec §7: {isVerified}) */
export const checkVerifiedResponseSchema = z.object({ isVerified: z.boolean() });

/** POST /api/auth/resend-verification; alreadyVerified: nothing was sent, the account is verified. */
export const resendVerificationResponseSchema = z.object({ success: z.literal(true), alreadyVerified: z.literal(true).optional() });

/** POST /api/auth/forget-password-via-email and /reset-password: a locale key (spec §7: {message}). */
export const authMessageResponseSchema = z.object({ message: z.string() });

/** GET /api/auth/check-reset-token */
export const resetTokenResponseSchema = z.object({ valid: z.boolean() });

/** GET /api/auth/providers: which sign-in providers are configured. */
export const authProvidersResponseSchema = z.object({ discord: z.boolean() });

/** GET /api/auth/discord/login: the page's language, carried through Discord in the signed state. */
export const discordLoginQuerySchema = z.object({ lng: z.enum(LANGUAGES).optional().catch(undefined) });

/** POST /api/auth/discord/exchange: the one-minute code the Discord callback put in the success page's URL. */
export const discordExchangeSchema = z.object({ code: z.string().min(1).max(100) });

/** DELETE /api/auth/sessions/{id}: a session id is the token's `jti`, a UUID. */
export const sessionIdParams = z.object({ id: z.uuid() });

/** One of the user's live login sessions, as the account's sessions list shows it. */
export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  /** Written at most every few minutes, not on every call. */
  lastSeenAt: z.iso.datetime(),
  /** The browser and system its user agent names (e.g. Firefox, Windows); null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session this very call is made with. */
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof sessionSchema>;

/** GET /api/auth/sessions */
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });

/** POST /api/auth/logout, DELETE /api/auth/sessions/{id} */
export const sessionEndedResponseSchema = z.object({ success: z.literal(true) });

/** POST /api/auth/logout-all: how many other login sessions ended (the current one goes on). */
export const otherSessionsEndedResponseSchema = z.object({ success: z.literal(true), ended: z.number().int().nonnegative() });
