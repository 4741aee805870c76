// The public account calls of the API contract (registration is in ./register-api.ts, so that
// only the register page carries its country list). Authenticated ones are made with
// useAuthedApi().call(authApi.…) (401 -> quiet logout).
import { authApi } from '../../../../shared/contract/auth';
import type { BodyIn } from '../../../../shared/contract/endpoint';
import type { Language } from '../../../../shared/i18n/languages';
import type { LoginInput } from '../../../../shared/schemas/auth';
import { twoFactorApi } from '../../../../shared/contract/two-factor';
import { callApi, urlOf } from '../../api/call';

export const login = (input: LoginInput) => callApi(authApi.login, { body: input });

export const verifyEmail = (token: string) => callApi(authApi.verifyEmail, { body: { token } });

export const forgotPassword = (body: BodyIn<typeof authApi.forgotPassword>) => callApi(authApi.forgotPassword, { body });

export const checkResetToken = (token: string) => callApi(authApi.checkResetToken, { query: { token } });

export const resetPassword = (token: string, newPassword: string) => callApi(authApi.resetPassword, { body: { token, newPassword } });

export const fetchProviders = () => callApi(authApi.providers);

/** The link that starts Discord login: a full page navigation, not a fetch. */
export const discordLoginUrl = (lng: Language) => urlOf(authApi.discordLogin, { query: { lng } });

/** Spends the Discord callback's one-minute code for the session (the browser's hand-over cookie goes with it). */
export const exchangeDiscordCode = (code: string) => callApi(authApi.discordExchange, { body: { code } });

/** The login's code step: spends the challenge with a code from the app or a recovery code, for the session. */
export const completeSecondFactor = (body: { challenge: string; code?: string; recoveryCode?: string }) =>
  callApi(twoFactorApi.loginSecondFactor, { body });
