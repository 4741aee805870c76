import { HttpError } from '../../http/errors';

// The refusals of the second factor; `error` is the code the client translates.

/** At login: 401, so the login-style limiter counts it as a failed attempt. */
export const InvalidLoginCode = () => new HttpError(401, 'invalid_second_factor_code', 'Wrong or already used code');

/** Unknown, spent, expired or worn out by wrong codes: the password step again. */
export const ChallengeExpired = () => new HttpError(401, 'challenge_expired', 'Log in again: this step has expired');

/** On the account's own pages (a 401 there would end the page's session): a field error. */
export const InvalidAccountCode = () =>
  new HttpError(400, 'invalid_second_factor_code', 'Wrong or already used code', { code: ['twoFactor.errors.codeWrong'] });

export const WrongPassword = () => new HttpError(400, 'wrong_password', 'Wrong password', { password: ['twoFactor.errors.passwordWrong'] });

export const AlreadyEnabled = () => new HttpError(409, 'second_factor_already_enabled', 'The second factor is already on');

export const NoPendingEnrolment = () => new HttpError(409, 'no_pending_enrolment', 'Start the enrolment first');

export const NotEnabled = () => new HttpError(409, 'second_factor_not_enabled', 'The second factor is not on');

/** Staff work only with a second factor: the back-office refuses them until they enrol. */
export const SecondFactorRequired = () =>
  new HttpError(403, 'second_factor_required', 'Staff must turn the second factor on before using the back-office');

export const TooManyCodes = () => new HttpError(429, 'too_many_attempts', 'Too many attempts, try again later');

export const NotStaffMember = () => new HttpError(404, 'user_not_found', 'No staff member with this id');

export const NotOwnAccount = () => new HttpError(403, 'use_own_settings', 'Reset your own second factor from your settings');

/** An account whose address was never proved may be a squatter's: it enrols no factor (issue 29). */
export const EmailNotVerified = () =>
  new HttpError(403, 'email_not_verified', 'Confirm your e-mail address before turning the second factor on');

/** After an admin's reset, staff enrol again only through the link mailed to them, not with the password alone. */
export const EnrolmentLinkRequired = () =>
  new HttpError(403, 'enrolment_link_required', 'Open the enrolment link mailed to you after the reset of your second factor');

/** Unknown, spent or expired enrolment link. */
export const InvalidEnrolmentLink = () => new HttpError(400, 'invalid_token', 'This link is invalid or has expired');
