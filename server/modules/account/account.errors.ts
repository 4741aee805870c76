import { HttpError } from '../../http/errors';
import type { DeletionBlocker } from '../../../shared/schemas/account';

// The answers the account calls refuse with; `error` is the code the client translates.

export const WrongCurrentPasswordError = () =>
  new HttpError(403, 'wrong_current_password', 'The current password is wrong', { currentPassword: ['account.errorcurrentwrong'] });

/** An account without a password proves it is its owner by a fresh sign-in (Discord) instead. */
export const RecentLoginRequiredError = () =>
  new HttpError(403, 'recent_login_required', 'Sign in again (with Discord) less than 10 minutes before this change');

export const NoPasswordError = () => new HttpError(409, 'no_password', 'This account has no password yet: set one with "forgot password"');

export const CurrencyChangeError = () =>
  new HttpError(409, 'currency_change', 'The account currency follows the country; a change of currency goes through support', {
    country: ['account.errorcountrycurrency'],
  });

export const SameEmailError = () =>
  new HttpError(400, 'validation_error', 'This is already the account’s address', { newEmail: ['account.errorsameemail'] });

/** Only an account whose address was proved may move to another one (issue 29). */
export const EmailNotVerifiedError = () =>
  new HttpError(403, 'email_not_verified', 'Confirm your current e-mail address before changing it', {
    newEmail: ['account.erroremailnotverified'],
  });

export const InvalidEmailChangeError = () => new HttpError(400, 'invalid_token', 'This link is invalid or has expired');

export const DeletionBlockedError = (blockers: DeletionBlocker[]) =>
  new HttpError(409, blockers[0] ?? 'deletion_blocked', 'The account cannot be deleted while something runs or is due', undefined, {
    blockers,
  });

/** A payment method was saved while the account was being deleted: nothing erased, asked again it is. */
export const PaymentMethodsChangedError = () =>
  new HttpError(409, 'payment_methods_changed', 'A payment method was saved meanwhile; nothing was deleted. Try again');

/** The new address is another account's: said on the form's field. */
export const NewEmailTakenError = () =>
  new HttpError(409, 'email_taken', 'An account already uses this e-mail address', { newEmail: ['register.erroremailtaken'] });
