import { z } from 'zod';
import { CURRENCIES, USER_TYPES } from '../constants';
import { LANGUAGES } from '../i18n/languages';
import { VAT_CHECK_STATUSES } from '../tax/vat-treatment';
import { email, PASSWORD_MIN_LENGTH } from './fields';
import { registerFields } from './register';
import { vatStatusSchema } from './vat';

// The customer's own account (issue 19): profile, password, e-mail, their data. The identity
// fields keep registration's rules (one truth: ./register.ts); messages are locale keys.

const currentPassword = z.string({ error: 'account.errorcurrentrequired' }).min(1, 'account.errorcurrentrequired').max(200);

/** PATCH /api/account/profile: the whole identity, as the form shows it. */
export const profileUpdateSchema = registerFields
  .pick({ userType: true, fullName: true, address: true, phone: true, companyName: true, vatNumber: true, country: true, language: true })
  .extend({
    /** Back to the initial instead of the picture a Discord login brought. */
    removeAvatar: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.userType !== 'business') return;
    if (!value.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'register.errorentreprise' });
    if (!value.vatNumber) ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: 'register.errorentreprise' });
  });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** What VIES last said about the account's number (modules/vat); null: never asked. */
export const vatCheckSchema = z.object({
  status: z.enum(VAT_CHECK_STATUSES),
  number: z.string().nullable(),
  checkedAt: z.iso.datetime().nullable(),
  /** The name VIES has for the number, when it gives one. */
  name: z.string().nullable(),
});

/** GET /api/account/profile */
export const profileSchema = z.object({
  id: z.number().int().positive(),
  fullName: z.string(),
  email: z.string(),
  /** A new address waiting for its confirmation link; null when none. */
  pendingEmail: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string(),
  currency: z.enum(CURRENCIES),
  language: z.enum(LANGUAGES),
  /** False for an account made through Discord only: it sets one with "forgot password". */
  hasPassword: z.boolean(),
  vatCheck: vatCheckSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type ProfileDto = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });

/** PATCH answer: the profile and how future orders are now taxed (after VIES, when a check applies). */
export const profileUpdatedResponseSchema = z.object({ profile: profileSchema, vat: vatStatusSchema });

/** POST /api/account/password */
export const changePasswordSchema = z.object({
  currentPassword,
  newPassword: z.string({ error: 'register.errorpasswordlength' }).min(PASSWORD_MIN_LENGTH, 'register.errorpasswordlength').max(200),
});
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'register.errorpassword' });

/** How many other login sessions the change ended (this one goes on). */
export const passwordChangedResponseSchema = z.object({ success: z.literal(true), endedSessions: z.number().int().nonnegative() });

/** POST /api/account/email: the link goes to the new address; nothing changes until it is opened. */
export const changeEmailSchema = z.object({ newEmail: email, currentPassword: currentPassword.optional() });
export const emailChangeRequestedResponseSchema = z.object({ success: z.literal(true), pendingEmail: z.string() });

/** POST /api/account/email/confirm: the token of the link mailed to the new address. */
export const confirmEmailChangeSchema = z.object({
  token: z.string({ error: 'account.errortoken' }).trim().min(1, 'account.errortoken').max(200),
});
export const emailChangedResponseSchema = z.object({ success: z.literal(true), email: z.string() });

/** Why an account cannot be deleted yet; each is a locale key under account.deletion.blockers. */
export const DELETION_BLOCKERS = ['active_server', 'open_order', 'unpaid_invoice', 'wallet_balance', 'staff_account'] as const;
export type DeletionBlocker = (typeof DELETION_BLOCKERS)[number];

/** GET /api/account/deletion: whether the account can be deleted now, and what stands in the way. */
export const deletionCheckResponseSchema = z.object({
  allowed: z.boolean(),
  blockers: z.array(z.enum(DELETION_BLOCKERS)),
  walletCents: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
});

/** POST /api/account/deletion: the password (when the account has one) and the typed confirmation. */
export const deleteAccountSchema = z.object({
  currentPassword: currentPassword.optional(),
  confirm: z.literal(true, { error: 'account.deletion.errorconfirm' }),
});
export const accountDeletedResponseSchema = z.object({ success: z.literal(true) });
