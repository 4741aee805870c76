// A certified Peppol access point, as the shop sees one: it takes a UBL document for a recipient
// and later says whether the recipient's access point got it. One adapter per access point, the
// sandbox by default (index.ts chooses from the config).

export const ACCESS_POINT_NAMES = ['sandbox', 'e-invoice'] as const;
export type AccessPointName = (typeof ACCESS_POINT_NAMES)[number];

/** A Peppol participant: EAS scheme (0208 Belgian enterprise number) and identifier. */
export interface PeppolRecipient {
  scheme: string;
  id: string;
}

export interface AccessPointSendInput {
  /** The document's own number (2026-000042, NC-2026-000007). */
  documentNumber: string;
  kind: 'invoice' | 'credit_note';
  /** Peppol BIS Billing 3.0 UBL (Invoice or CreditNote), as issued. */
  ublXml: string;
  recipient: PeppolRecipient;
}

/** The access point's own check of the UBL, when it makes one. */
export interface AccessPointVerdict {
  valid: boolean;
  issues: { rule: string | null; message: string; severity: 'error' | 'warning' }[];
}

/**
 * What a send did. `sent`: the access point took it and is delivering; `delivered`: already at
 * the recipient's access point; `rejected`: refused for good (the document, or the recipient),
 * with the reason. A refusal is final for this document as it is: retrying would get the same.
 */
export type AccessPointSendResult =
  | { status: 'sent' | 'delivered'; apDocumentId: string; verdict?: AccessPointVerdict }
  | { status: 'rejected'; apDocumentId: string | null; reason: string; verdict?: AccessPointVerdict };

/** Where a sent document stands now. */
export type AccessPointDeliveryState = { status: 'sent' } | { status: 'delivered' } | { status: 'rejected'; reason: string };

export interface AccessPoint {
  readonly name: AccessPointName;
  /** Throws AccessPointError when the access point could not be asked (down, busy, credentials): try again later. */
  send(input: AccessPointSendInput): Promise<AccessPointSendResult>;
  /** Throws AccessPointError when the access point could not be asked: ask again later. */
  status(apDocumentId: string): Promise<AccessPointDeliveryState>;
}

/** The access point could not be asked or did not answer usefully; the same call may work later. Never holds a key. */
export class AccessPointError extends Error {
  constructor(
    message: string,
    /** The HTTP status the access point answered, if it answered. */
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'AccessPointError';
  }
}
