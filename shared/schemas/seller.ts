import { z } from 'zod';

// Who sells: the one identity the legal pages, the footer, the contact page, invoices, credit notes,
// UBL and mails print (issue 34). Configured once (server/config.ts, SELLER_*), read by the pages
// through GET /api/seller.

/**
 * Belgian company forms (Code des sociétés et des associations), and a sole trader. The pages
 * spell each out in their language (seller.legalForms.<code>): SRL in French is BV in Dutch.
 */
export const LEGAL_FORMS = ['srl', 'sa', 'sc', 'snc', 'scomm', 'asbl', 'sole_trader'] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

export const sellerIdentitySchema = z.object({
  /** Registered name, as on the company's register entry ("HubHost SRL"). */
  name: z.string().min(1),
  legalForm: z.enum(LEGAL_FORMS),
  /** Registered office on one line, without the country ("Rue …, 1000 Bruxelles"). */
  address: z.string().min(1),
  /** ISO 3166 alpha-2 of the registered office (from the VAT number). */
  country: z.string().length(2),
  /** The Belgian enterprise number (BCE/KBO) as the Crossroads Bank writes it: 0123.456.749. */
  enterpriseNumber: z.string().nullable(),
  /** With its prefix: BE0123456749. */
  vatNumber: z.string().min(1),
  email: z.string().min(1),
  phone: z.string().nullable(),
  /** Who hosts the site (the legal notice names it). */
  hosting: z.object({ name: z.string().min(1), address: z.string().min(1) }),
});

export type SellerIdentity = z.infer<typeof sellerIdentitySchema>;

/** 0123456749 → 0123.456.749. */
export function formatEnterpriseNumber(digits: string): string {
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7)}` : digits;
}
