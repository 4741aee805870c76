import { z } from 'zod';
import { VAT_CATEGORIES, VAT_CHECK_STATUSES, VAT_SCHEMES } from '../tax/vat-treatment';

/** GET /api/account/vat: how the logged-in customer's next order is taxed, and what VIES said. */
export const vatStatusSchema = z.object({
  /** standard (Belgian VAT), reverse_charge (EU business), oss (an EU consumer's own state), outside_scope (outside the EU). */
  scheme: z.enum(VAT_SCHEMES),
  /** The EN 16931 category the invoice will carry: S, AE or O. */
  category: z.enum(VAT_CATEGORIES),
  /** Replaces the products' rate (the consumer's state under OSS, 0 without VAT); null: the products' own rate. */
  taxRate: z.number().nullable(),
  /** The member state whose VAT is charged (ISO code); null when none is. */
  taxCountry: z.string().nullable(),
  /** null when no check applies (Belgium, individuals, outside the EU). */
  check: z.enum(VAT_CHECK_STATUSES).nullable(),
  vatNumber: z.string().nullable(),
});
export type VatStatusDto = z.infer<typeof vatStatusSchema>;
