import { z } from 'zod';
import { authResponseSchema } from './auth';

// The second factor (issue 19): TOTP from an authenticator app, with ten single-use recovery
// codes. Messages are locale keys the forms translate.

/** Six digits from the app; spaces a user types between the groups are dropped. */
export const totpCodeSchema = z
  .string({ error: 'twoFactor.errors.codeFormat' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'twoFactor.errors.codeFormat'));

/** A recovery code as printed (xxxx-xxxx-xxxx-xxxx); case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: 'twoFactor.errors.recoveryFormat' })
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{16}$/, 'twoFactor.errors.recoveryFormat'));

/** GET /api/account/2fa */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
  /** Staff cannot turn it off: the back-office opens only with it. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/account/2fa/setup: what the authenticator app needs; the QR code is drawn by the server. */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** data:image/svg+xml;base64,… */
  qrCode: z.string(),
});

/** POST /api/account/2fa/confirm */
export const confirmTwoFactorSchema = z.object({ code: totpCodeSchema });

/** Shown once: the database keeps only their hashes. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });

/** POST /api/account/2fa/recovery-codes: a fresh code from the app proves the person holds it. */
export const regenerateRecoveryCodesSchema = z.object({ code: totpCodeSchema });

/** POST /api/account/2fa/disable: the password and a code (from the app, or a recovery code). */
export const disableTwoFactorSchema = z
  .object({
    password: z.string({ error: 'twoFactor.errors.passwordRequired' }).min(1, 'twoFactor.errors.passwordRequired').max(200),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    path: ['code'],
    message: 'twoFactor.errors.codeFormat',
  });

export const twoFactorDoneSchema = z.object({ success: z.literal(true) });

/** The answer of a correct password when a second factor is on: a challenge, not a session. */
export const secondFactorChallengeSchema = z.object({
  secondFactorRequired: z.literal(true),
  /** Short-lived, single-use; spent with a code at /api/auth/login/second-factor. */
  challenge: z.string().min(1),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** POST /api/auth/login and the Discord exchange: a session, or the second-factor step first. */
export const loginAnswerSchema = z.union([authResponseSchema, secondFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /api/auth/login/second-factor: the challenge and one code (app or recovery). */
export const secondFactorLoginSchema = z
  .object({
    challenge: z.string().min(1).max(200),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    path: ['code'],
    message: 'twoFactor.errors.codeFormat',
  });

/** The link mailed to a staff member after an admin reset their second factor (issue 29). */
const enrolmentTokenSchema = z.string({ error: 'twoFactor.errors.linkInvalid' }).trim().min(1, 'twoFactor.errors.linkInvalid').max(200);
export const staffEnrolmentSetupSchema = z.object({ token: enrolmentTokenSchema });
export const staffEnrolmentConfirmSchema = z.object({ token: enrolmentTokenSchema, code: totpCodeSchema });
