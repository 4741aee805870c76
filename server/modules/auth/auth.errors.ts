import { HttpError } from '../../http/errors';

// The answers the account calls refuse with; `error` is the code the client translates.

export const InvalidCredentialsError = () => new HttpError(401, 'invalid_credentials', 'Wrong e-mail or password');

export const InvalidTokenError = () => new HttpError(400, 'invalid_token', 'This link is invalid or has expired');

export const EmailTakenError = () =>
  new HttpError(409, 'email_taken', 'An account already uses this e-mail address', {
    email: ['register.erroremailtaken'],
  });

export const DiscordDisabledError = () => new HttpError(404, 'discord_disabled', 'Discord login is not configured');
