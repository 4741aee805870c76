import { idParams } from '../schemas/ids';
import { authResponseSchema } from '../schemas/auth';
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  recoveryCodesSchema,
  regenerateRecoveryCodesSchema,
  secondFactorLoginSchema,
  staffEnrolmentConfirmSchema,
  staffEnrolmentSetupSchema,
  twoFactorDoneSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../schemas/two-factor';
import { endpoint } from './endpoint';

/** The account's second factor (issue 19): TOTP and recovery codes. */
export const twoFactorApi = {
  status: endpoint({
    method: 'get',
    path: '/api/account/2fa',
    summary: 'Whether the second factor is on, how many recovery codes are left, whether the role requires it',
    tag: 'account',
    access: 'session',
    response: twoFactorStatusSchema,
  }),
  setup: endpoint({
    method: 'post',
    path: '/api/account/2fa/setup',
    summary: 'Starts (or restarts) an enrolment: a new secret, its otpauth URI and QR code; 409 when already on',
    tag: 'account',
    access: 'session',
    response: twoFactorSetupSchema,
  }),
  confirm: endpoint({
    method: 'post',
    path: '/api/account/2fa/confirm',
    summary: 'Turns the second factor on with a code of the new secret; answers the ten recovery codes, once',
    tag: 'account',
    access: 'session',
    body: confirmTwoFactorSchema,
    response: recoveryCodesSchema,
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'post',
    path: '/api/account/2fa/recovery-codes',
    summary: 'Ten new recovery codes with a code from the app; the older ones stop working',
    tag: 'account',
    access: 'session',
    body: regenerateRecoveryCodesSchema,
    response: recoveryCodesSchema,
  }),
  disable: endpoint({
    method: 'post',
    path: '/api/account/2fa/disable',
    summary: 'Turns the second factor off with the password and a code (refused for staff, who need it)',
    tag: 'account',
    access: 'session',
    body: disableTwoFactorSchema,
    response: twoFactorDoneSchema,
  }),
  loginSecondFactor: endpoint({
    method: 'post',
    path: '/api/auth/login/second-factor',
    summary: 'Spends a login challenge with a code from the app or a recovery code, for the session',
    tag: 'auth',
    access: 'public',
    body: secondFactorLoginSchema,
    response: authResponseSchema,
  }),
};

/**
 * An admin resets a staff member's second factor (lost phone): they enrol again through the
 * one-time link mailed to them, never with the password alone (issue 29).
 */
export const staffSecondFactorApi = {
  reset: endpoint({
    method: 'post',
    path: '/api/admin/users/{id}/second-factor/reset',
    summary:
      'Admin only: removes a staff member’s second factor, ends their sessions and mails them a one-time enrolment link (24 h; audited)',
    tag: 'staff',
    access: 'staff',
    params: idParams,
    response: twoFactorDoneSchema,
  }),
  enrolmentSetup: endpoint({
    method: 'post',
    path: '/api/auth/staff-second-factor/setup',
    summary:
      'With the link mailed after a reset: a new secret for the app, its otpauth URI and QR code (400 when the link is spent or expired)',
    tag: 'auth',
    access: 'public',
    body: staffEnrolmentSetupSchema,
    response: twoFactorSetupSchema,
  }),
  enrolmentConfirm: endpoint({
    method: 'post',
    path: '/api/auth/staff-second-factor/confirm',
    summary: 'With the link and a code of the new secret: the factor is on and the link spent; answers the ten recovery codes, once',
    tag: 'auth',
    access: 'public',
    body: staffEnrolmentConfirmSchema,
    response: recoveryCodesSchema,
  }),
};
