import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { DEFAULT_COUNTRY, USER_TYPES } from '../constants';
import { LANGUAGES } from '../i18n/languages';
import { currencyForCountry } from '../money/currency';
import { authResponseSchema } from './auth';
import { email, optionalText, PASSWORD_MIN_LENGTH, required } from './fields';

// Registration on its own file: the country list it checks against stays out of the other
// account pages' bundles. The server validates with registerSchema; the form uses registerFormSchema.

export const PHONE_MAX_DIGITS = 15;

/** The account's fields with registration's rules; the profile page edits the same ones (./account.ts). */
export const registerFields = z.object({
  userType: z.enum(USER_TYPES).default('particulier'),
  email,
  password: z.string({ error: 'register.errorpasswordlength' }).min(PASSWORD_MIN_LENGTH, 'register.errorpasswordlength').max(200),
  fullName: required('register.errorform').pipe(z.string().max(120)),
  address: required('register.errorform').pipe(z.string().max(300)),
  phone: required('register.errorform').refine(
    (v) => {
      const digits = v.replace(/\D/g, '').length;
      return v === '' || (digits >= 6 && digits <= PHONE_MAX_DIGITS); // empty: errorform says it
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

/** The register answer (spec §3: success, token, message), with the session user. */
export const registerResponseSchema = authResponseSchema.extend({ success: z.literal(true), message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
