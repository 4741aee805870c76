import { z } from 'zod';
import type { Role, UserType } from '../constants';
import { LANGUAGES, type Language } from '../i18n/languages';
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
export interface SessionUser {
  id: number;
  fullName: string;
  email: string;
  role: Role;
  avatarUrl: string | null;
  emailVerified: boolean;
  userType: UserType;
  country: string;
  currency: string;
  language: Language;
}

export interface AuthResponse {
  user: SessionUser;
  token: string;
}

