import { phoneCountry } from '../../../shared/tax/phone-country';
import type { UserRow } from '../auth/users.repo';
import type { VatEvidence } from '../../shared/vat-evidence';

/**
 * What the shop knew of the customer's location when it taxed an order, kept with the order (OSS
 * asks the seller to keep evidence for 10 years): the billing country, the phone's prefix, and for
 * a business the VIES answer the reverse charge rests on.
 */
export function vatEvidence(user: UserRow, checkedNumber: string | null): VatEvidence {
  const phone = phoneCountry(user.phone);
  const vies =
    checkedNumber && user.vat_check_status
      ? {
          status: user.vat_check_status,
          number: checkedNumber,
          checkedAt: user.vat_checked_at ? new Date(user.vat_checked_at).toISOString() : null,
          name: user.vat_check_name ?? null,
        }
      : null;
  return {
    billingCountry: user.country.trim().toUpperCase(),
    phonePrefix: phone?.prefix ?? null,
    phoneCountry: phone?.country ?? null,
    vies,
  };
}
