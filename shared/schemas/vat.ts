import { z } from 'zod';
import { VAT_CHECK_STATUSES, VAT_SCHEMES } from '../tax/vat-treatment';

/** GET /api/account/vat: how the logged-in customer's next order is taxed, and what VIES said. */
export const vatStatusSchema = z.object({
  scheme: z.enum(VAT_SCHEMES),
  /** Replaces the products' rate (0 under reverse charge); null: the products' own rate. */
  taxRate: z.number().nullable(),
  /** null when no check applies (Belgium, individuals, outside the EU). */
  check: z.enum(VAT_CHECK_STATUSES).nullable(),
  vatNumber: z.string().nullable(),
});
export type VatStatusDto = z.infer<typeof vatStatusSchema>;
