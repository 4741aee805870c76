import type { ProfileDto } from '../../../shared/schemas/account';
import type { UserRow } from '../auth/users.repo';

/** The profile page's view of the account: named field by field, never a hash nor a Discord id. */
export function presentProfile(row: UserRow, pendingEmail: string | null): ProfileDto {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    pendingEmail,
    avatarUrl: row.avatar_url,
    userType: row.user_type,
    companyName: row.company_name,
    vatNumber: row.vat_number,
    address: row.address,
    phone: row.phone,
    country: row.country.trim(),
    currency: row.currency,
    language: row.language,
    hasPassword: row.password_hash !== null,
    vatCheck: row.vat_check_status
      ? {
          status: row.vat_check_status,
          number: row.vat_checked_number ?? null,
          checkedAt: row.vat_checked_at ? new Date(row.vat_checked_at).toISOString() : null,
          name: row.vat_check_name ?? null,
        }
      : null,
    createdAt: row.created_at.toISOString(),
  };
}
