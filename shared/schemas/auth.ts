import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { DEFAULT_COUNTRY, USER_TYPES, type Role } from '../constants';
import { LANGUAGES, type Language } from '../i18n/languages';
import { currencyForCountry } from '../money/currency';

// One truth for every account rule: the server validates with these schemas and the forms use
// the same ones. Messages are locale keys (spec §5 names them); the client translates them.

export const PASSWORD_MIN_LENGTH = 6;
export const PHONE_MAX_DIGITS = 15;

const email = z.string().trim().toLowerCase().min(1, 'register.erroremail').pipe(z.email('register.erroremail'));
const required = (key: string) => z.string().trim().min(1, key);
const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

const registerFields = z.object({
  userType: z.enum(USER_TYPES).default('particulier'),
  email,
  password: z.string().min(PASSWORD_MIN_LENGTH, 'register.errorpasswordlength').max(200),
  fullName: required('register.errorform').pipe(z.string().max(120)),
  address: required('register.errorform').pipe(z.string().max(300)),
  phone: required('register.errorform').refine(
    (v) => {
      const digits = v.replace(/\D/g, '').length;
      return digits >= 6 && digits <= PHONE_MAX_DIGITS;
    },
    { message: 'register.errorphone' },
  ),
  companyName: optionalText,
  vatNumber: optionalText,
  country: z
    .string()
    .trim()
    .toUpperCase()
    .default(DEFAULT_COUNTRY)
    .refine((c) => countries.isValid(c), { message: 'register.errorcountry' }),
  /** Sent by the form for display; the server derives it from the country and refuses a mismatch. */
  currency: z.string().optional(),
  /** The page's language: mails to this account are written in it. */
  language: z.enum(LANGUAGES).default('fr'),
});

type RegisterFields = z.infer<typeof registerFields>;

function businessAndCurrencyRules(value: RegisterFields, ctx: z.RefinementCtx) {
  if (value.userType === 'business') {
    if (!value.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'register.errorentreprise' });
    if (!value.vatNumber) ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: 'register.errorentreprise' });
  }
  if (value.currency !== undefined && value.currency !== currencyForCountry(value.country)) {
    ctx.addIssue({ code: 'custom', path: ['currency'], message: 'register.errorcurrency' });
  }
}

/** POST /api/auth/register */
export const registerSchema = registerFields.superRefine(businessAndCurrencyRules);
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterPayload = z.output<typeof registerSchema>;

/** The register form: the same rules plus what only the form asks (confirmation, terms). */
export const registerFormSchema = registerFields
  .extend({ confirmPassword: z.string(), acceptTerms: z.boolean() })
  .superRefine((value, ctx) => {
    businessAndCurrencyRules(value, ctx);
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'register.errorpassword' });
    }
    if (!value.acceptTerms) ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: 'register.errorcgv' });
  });

/** POST /api/auth/login */
export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'login.errorrequired'),
  password: z.string().min(1, 'login.errorrequired'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/auth/verify-email */
export const verifyEmailSchema = z.object({ token: z.string().trim().min(1, 'verifyemail.errortoken') });

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
export const resetTokenQuerySchema = z.object({ token: z.string().trim().min(1, 'resetpassword.missingToken') });

/** POST /api/auth/reset-password */
export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1, 'resetpassword.missingToken'),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH, 'resetpassword.errorlength').max(200),
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
  userType: (typeof USER_TYPES)[number];
  country: string;
  currency: string;
  language: Language;
}

export interface AuthResponse {
  user: SessionUser;
  token: string;
}

export interface RegisterResponse extends AuthResponse {
  success: true;
  message: string;
}
