import {
  accountDeletedResponseSchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  deleteAccountSchema,
  deletionCheckResponseSchema,
  emailChangedResponseSchema,
  emailChangeRequestedResponseSchema,
  passwordChangedResponseSchema,
  profileResponseSchema,
  profileUpdatedResponseSchema,
  profileUpdateSchema,
} from '../schemas/account';
import { endpoint } from './endpoint';

// The second factor (issue 19) lives under /api/account/2fa/* in its own group.

/** The customer's own account: profile, password, e-mail, their data (issue 19). */
export const accountApi = {
  profile: endpoint({
    method: 'get',
    path: '/api/account/profile',
    summary: 'The caller’s identity, billing details, language and last VIES answer',
    tag: 'account',
    access: 'session',
    response: profileResponseSchema,
  }),
  updateProfile: endpoint({
    method: 'patch',
    path: '/api/account/profile',
    summary: 'Changes the identity and billing details (future invoices only; VIES asked again for a new number)',
    tag: 'account',
    access: 'session',
    body: profileUpdateSchema,
    response: profileUpdatedResponseSchema,
  }),
  changePassword: endpoint({
    method: 'post',
    path: '/api/account/password',
    summary: 'A new password, the current one required; every other session ends, a mail tells the owner',
    tag: 'account',
    access: 'session',
    body: changePasswordSchema,
    response: passwordChangedResponseSchema,
  }),
  changeEmail: endpoint({
    method: 'post',
    path: '/api/account/email',
    summary:
      'Mails a confirmation link to the new address and a notice to the current one (403 while the account’s own address is unverified, 409 when taken, 429 past 3 links an hour to one address)',
    tag: 'account',
    access: 'session',
    body: changeEmailSchema,
    response: emailChangeRequestedResponseSchema,
  }),
  confirmEmail: endpoint({
    method: 'post',
    path: '/api/account/email/confirm',
    summary: 'Spends the link of the confirmation mail: the account’s address becomes the new one',
    tag: 'account',
    access: 'public',
    body: confirmEmailChangeSchema,
    response: emailChangedResponseSchema,
  }),
  exportData: endpoint({
    method: 'get',
    path: '/api/account/export',
    summary: 'Everything the shop holds about the caller: a zip of data.json and their invoices and credit notes (PDF)',
    tag: 'account',
    access: 'session',
    produces: 'zip',
  }),
  deletionCheck: endpoint({
    method: 'get',
    path: '/api/account/deletion',
    summary: 'Whether the account can be deleted now, and what stands in the way',
    tag: 'account',
    access: 'session',
    response: deletionCheckResponseSchema,
  }),
  deleteAccount: endpoint({
    method: 'post',
    path: '/api/account/deletion',
    summary:
      'Erases or anonymises the account’s personal data (invoices kept), saved payment methods detached at their provider; 409 with a code while something runs or is due, 502 payment_methods_not_detached when a provider cannot be reached',
    tag: 'account',
    access: 'session',
    body: deleteAccountSchema,
    response: accountDeletedResponseSchema,
  }),
};
