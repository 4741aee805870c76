import type { SessionUser } from '../../../shared/schemas/auth';
import type { UserRow } from './users.repo';

/** The session user (spec §3): the only shape in which an account leaves the server. */
export function presentUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    avatarUrl: row.avatar_url,
    emailVerified: row.email_verified_at !== null,
    userType: row.user_type,
    country: row.country.trim(),
    currency: row.currency,
    language: row.language,
  };
}

/** POST /api/auth/resend-verification: `alreadyVerified` only when nothing was sent. */
export function presentResend({ alreadyVerified }: { alreadyVerified: boolean }): { success: true; alreadyVerified?: true } {
  return alreadyVerified ? { success: true, alreadyVerified: true } : { success: true };
}
