import type { VatCheckStatus } from '../../../shared/tax/vat-treatment';

/** What VIES says about one number; 'pending' when it could not say (unreachable, busy, timed out). */
export interface VatCheckResult {
  status: VatCheckStatus;
  name?: string;
  address?: string;
}

/** Checks an EU VAT number. countryCode is VIES' (EL for Greece), number without its prefix. */
export interface VatChecker {
  readonly mode: 'live' | 'sandbox';
  check(countryCode: string, number: string): Promise<VatCheckResult>;
}
