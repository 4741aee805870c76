// The account calls of the API contract. Authenticated ones go through useAuthedApi (401 -> quiet logout).
import type { AuthResponse, LoginInput } from '../../../../shared/schemas/auth';
import type { RegisterPayload, RegisterResponse } from '../../../../shared/schemas/register';
import type { Language } from '../../../../shared/i18n/languages';
import { apiGet, apiPost } from '../../api/client';

export const login = (input: LoginInput) => apiPost<AuthResponse>('/api/auth/login', input);

export const register = (payload: RegisterPayload) => apiPost<RegisterResponse>('/api/auth/register', payload);

export const verifyEmail = (token: string) => apiPost<{ success: boolean }>('/api/auth/verify-email', { token });

export const forgotPassword = (body: { email: string; tva: string | null; language: Language }) =>
  apiPost<{ message: string }>('/api/auth/forget-password-via-email', body);

export const checkResetToken = (token: string) =>
  apiGet<{ valid: boolean }>(`/api/auth/check-reset-token?token=${encodeURIComponent(token)}`);

export const resetPassword = (token: string, newPassword: string) =>
  apiPost<{ message: string }>('/api/auth/reset-password', { token, newPassword });

export const fetchProviders = () => apiGet<{ discord: boolean }>('/api/auth/providers');

/** The link that starts Discord login: a full page navigation, not a fetch. */
export const discordLoginUrl = (lng: Language) => `/api/auth/discord/login?lng=${lng}`;

// Authenticated paths (called with useAuthedApi).
export const ME_PATH = '/api/auth/me';
export const DISCORD_ME_PATH = '/api/auth/discord/me';
export const RESEND_VERIFICATION_PATH = '/api/auth/resend-verification';
export const checkVerifiedPath = (email: string) => `/api/auth/check-verified?email=${encodeURIComponent(email)}`;
