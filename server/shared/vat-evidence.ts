// Where the customer was when they bought (OSS evidence): frozen on the order at checkout and in
// its documents. Here, importing no module, so that orders need not import invoices.

export interface VatEvidence {
  billingCountry: string;
  /** The phone's international prefix (+33) and the country it points to, when the account has a phone. */
  phonePrefix: string | null;
  phoneCountry: string | null;
  vies: { status: string; number: string; checkedAt: string | null; name: string | null } | null;
}
