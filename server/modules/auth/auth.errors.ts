import { HttpError } from '../../http/errors';

// The answers the account calls refuse with; `error` is the code the client translates.

export const InvalidCredentialsError = () => new HttpError(401, 'invalid_credentials', 'Wrong e-mail or password');

export const InvalidTokenError = () => new HttpError(400, 'invalid_token', 'This link is invalid or has expired');

export const EmailTakenError = () =>
  new HttpError(409, 'email_taken', 'An account already uses this e-mail address', {
    email: ['register.erroremailtaken'],
  });

export const DiscordDisabledError = () => new HttpError(404, 'discord_disabled', 'Discord login is not configured');

export const SessionNotFoundError = () => new HttpError(404, 'session_not_found', 'No such session of yours');

/** Unknown, spent, expired, or handed to another browser: one answer, nothing to tell them apart. */
export const InvalidLoginCodeError = () => new HttpError(400, 'invalid_login_code', 'This login link is invalid or has expired');
