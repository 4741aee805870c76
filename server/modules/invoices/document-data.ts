import type { Language } from '../../../shared/i18n/languages';
import type { SellerIdentity } from '../../../shared/schemas/seller';
import { creditAmounts, documentAmounts } from '../../../shared/tax/vat-amounts';
import { parseVatNumber, sellerCountryOf, type VatCategory, type VatScheme } from '../../../shared/tax/vat-treatment';
import type { UserRow } from '../auth/users.repo';
import type { BankAccount } from '../../shared/bank-account';
import { belgianEnterpriseNumber, peppolEndpointOf } from '../../shared/peppol-ids';
import { serverText } from '../../i18n/server-text';
import type { OrderLineRow, OrderRow } from '../orders/orders.repo';
import type { VatEvidence } from '../../shared/vat-evidence';
import type { BillingDocumentData, DocumentLine, DraftDocumentData, PartySnapshot } from './billing-document';

// The facts an invoice or a credit note prints, built once from the order, its lines, the buyer and
// the seller as they are when the number is given (pure: document-issuer.ts reads and stores).

/** Who sells (config SELLER_*): the identity every document freezes. */
export type Seller = Pick<SellerIdentity, 'name' | 'address' | 'vatNumber' | 'email'> &
  Partial<Pick<SellerIdentity, 'phone' | 'enterpriseNumber'>>;

/** The spec names the shop's labels (shop.specs); any other key is printed as it is. */
const KNOWN_SPECS = new Set(['ram', 'cores', 'storage', 'traffic', 'bandwidth']);

export function specsDescription(specs: Record<string, string | number> | null, lng: Language): string | null {
  const text = Object.entries(specs ?? {})
    .map(([key, value]) => `${KNOWN_SPECS.has(key) ? serverText(lng, `shop.specs.${key}`) : key}${lng === 'fr' ? ' : ' : ': '}${value}`)
    .join(' · ');
  return text || null;
}

/** A line's description: the system or game variant the customer chose (as sold), then the specs. */
function lineDescription(line: DocumentLineSource, lng: Language): string | null {
  const label = (key: 'os' | 'variant', name: string | null | undefined) =>
    name ? [`${serverText(lng, `invoice.choice.${key}`)}${lng === 'fr' ? ' : ' : ': '}${name}`] : [];
  const specs = specsDescription(line.config_products, lng);
  return [...label('os', line.os_name), ...label('variant', line.variant_name), ...(specs ? [specs] : [])].join(' · ') || null;
}

/** The category every line of an order carries, from the scheme it was taxed under. */
export function categoryOf(scheme: VatScheme): VatCategory {
  if (scheme === 'reverse_charge') return 'AE';
  if (scheme === 'outside_scope') return 'O';
  return 'S';
}

const compactVat = (raw: string) => raw.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function sellerParty(seller: Seller): PartySnapshot {
  const country = sellerCountryOf(seller.vatNumber);
  const vatNumber = parseVatNumber(seller.vatNumber, country)?.full ?? compactVat(seller.vatNumber);
  const enterprise =
    belgianEnterpriseNumber(seller.enterpriseNumber?.replace(/\D/g, '')) ?? (country === 'BE' ? belgianEnterpriseNumber(vatNumber) : null);
  return {
    name: seller.name,
    contactName: null,
    address: seller.address,
    country,
    vatNumber,
    legalId: enterprise ? { scheme: '0208', id: enterprise } : null,
    endpoint: peppolEndpointOf({ vatNumber, country }),
    email: seller.email,
    phone: seller.phone ?? null,
    isBusiness: true,
  };
}

export function buyerParty(
  buyer: Pick<UserRow, 'full_name' | 'email' | 'user_type' | 'company_name' | 'vat_number' | 'address' | 'country'>,
  order: Pick<OrderRow, 'buyer_vat_number'>,
): PartySnapshot {
  const country = buyer.country.trim().toUpperCase();
  const base = { address: buyer.address ?? '', country, email: buyer.email };
  if (buyer.user_type !== 'business' || !buyer.company_name) {
    return { ...base, name: buyer.full_name, contactName: null, vatNumber: null, legalId: null, endpoint: null, isBusiness: false };
  }
  // Under reverse charge, the number VIES confirmed when the order was placed.
  const vatNumber =
    order.buyer_vat_number ?? (buyer.vat_number ? (parseVatNumber(buyer.vat_number, country)?.full ?? compactVat(buyer.vat_number)) : null);
  const enterprise = country === 'BE' ? belgianEnterpriseNumber(vatNumber) : null;
  return {
    ...base,
    name: buyer.company_name,
    contactName: buyer.full_name,
    vatNumber,
    legalId: enterprise ? { scheme: '0208', id: enterprise } : null,
    endpoint: vatNumber ? peppolEndpointOf({ vatNumber, country }) : null,
    isBusiness: true,
  };
}

function documentLines(order: Pick<OrderRow, 'vat_scheme'>, lines: readonly DocumentLineSource[], lng: Language): DocumentLine[] {
  const category = categoryOf(order.vat_scheme);
  return lines.map((line) => {
    const unit = line.price_cents + line.support_cents + line.margin_cents; // spec §9
    return {
      name: line.name,
      description: lineDescription(line, lng),
      qty: line.qty,
      unitNetCents: unit,
      netCents: unit * line.qty,
      category,
      rate: line.tax_rate,
    };
  });
}

export type DocumentLineSource = Pick<
  OrderLineRow,
  'name' | 'qty' | 'price_cents' | 'support_cents' | 'margin_cents' | 'tax_rate' | 'config_products'
> &
  Partial<Pick<OrderLineRow, 'os_name' | 'variant_name'>>;

export interface InvoiceSource {
  order: Pick<
    OrderRow,
    | 'id'
    | 'currency'
    | 'vat_scheme'
    | 'vat_legal_basis'
    | 'buyer_vat_number'
    | 'vat_evidence'
    | 'payment_method'
    | 'provider_ref'
    | 'transfer_reference'
    | 'paid_at'
    | 'total_cents'
  >;
  lines: readonly DocumentLineSource[];
  buyer: Pick<UserRow, 'full_name' | 'email' | 'user_type' | 'company_name' | 'vat_number' | 'address' | 'country' | 'language' | 'phone'>;
  seller: Seller;
  bank: BankAccount;
  /** null: a pro forma (the order is not paid, nothing is numbered). */
  number: string | null;
  issuedAt: Date;
  servicePeriod: { from: Date; to: Date } | null;
}

/** The invoice of a paid order (everything prepaid, nothing due), or the pro forma of an unpaid one. */
export function invoiceData(source: InvoiceSource): DraftDocumentData {
  const { order, buyer } = source;
  const language = buyer.language;
  const lines = documentLines(order, source.lines, language);
  const amounts = documentAmounts(lines);
  const paid = source.number !== null;
  const prepaidCents = paid ? amounts.totalCents : 0;
  return {
    kind: 'invoice',
    number: source.number,
    issuedAt: source.issuedAt.toISOString(),
    orderId: order.id,
    buyerReference: String(order.id),
    currency: order.currency,
    language,
    seller: sellerParty(source.seller),
    buyer: buyerParty(buyer, order),
    vatScheme: order.vat_scheme,
    legalBasis: order.vat_legal_basis,
    lines,
    vat: amounts.subtotals,
    totals: {
      netCents: amounts.netCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
      prepaidCents,
      roundingCents: 0,
      payableCents: amounts.totalCents - prepaidCents,
    },
    payment: {
      method: order.payment_method,
      paidAt: paid && order.paid_at ? new Date(order.paid_at).toISOString() : null,
      providerRef: paid ? order.provider_ref : null,
      structuredReference: order.transfer_reference,
      iban: source.bank.iban,
      bic: source.bank.bic,
      accountHolder: source.bank.accountHolder,
    },
    servicePeriod: source.servicePeriod
      ? { from: source.servicePeriod.from.toISOString(), to: source.servicePeriod.to.toISOString() }
      : null,
    corrects: null,
    reason: null,
    evidence: order.vat_evidence ?? fallbackEvidence(buyer),
  };
}

/** An order placed before evidence was kept: the billing country is all the shop knew. */
function fallbackEvidence(buyer: Pick<UserRow, 'country'>): VatEvidence {
  return { billingCountry: buyer.country.trim().toUpperCase(), phonePrefix: null, phoneCountry: null, vies: null };
}

export interface CreditNoteSource {
  invoice: BillingDocumentData;
  number: string;
  issuedAt: Date;
  /** The money given back, VAT included. */
  amountCents: number;
  /** What was credited on this invoice before (earlier credit notes). */
  creditedBeforeCents: number;
  reason: string;
  /** Where the money went: the customer's wallet, or back through the invoice's payment method. */
  refundedTo: 'wallet' | 'payment';
}

/**
 * A credit note correcting `invoice` by `amountCents` (VAT included), to the same parties, in the
 * invoice's language and currency. Crediting a whole invoice at once repeats its lines; a partial
 * credit has one line per VAT rate saying what it gives back.
 */
export function creditNoteData(source: CreditNoteSource): BillingDocumentData {
  const { invoice } = source;
  const amounts = creditAmounts(invoice.vat, source.amountCents);
  const whole = source.creditedBeforeCents === 0 && source.amountCents === invoice.totals.totalCents;
  const lng = invoice.language;
  const lines: DocumentLine[] = whole
    ? invoice.lines.map((line) => ({ ...line }))
    : amounts.subtotals.map((s) => ({
        name: serverText(lng, 'invoice.partialCreditLine', { invoice: invoice.number }),
        description: null,
        qty: 1,
        unitNetCents: s.baseCents,
        netCents: s.baseCents,
        category: s.category,
        rate: s.rate,
      }));
  return {
    ...invoice,
    kind: 'credit_note',
    number: source.number,
    issuedAt: source.issuedAt.toISOString(),
    lines,
    vat: amounts.subtotals,
    totals: {
      netCents: amounts.netCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
      prepaidCents: 0,
      roundingCents: amounts.roundingCents,
      payableCents: amounts.payableCents,
    },
    payment: {
      ...invoice.payment,
      method: source.refundedTo === 'wallet' ? 'wallet' : invoice.payment.method,
      paidAt: null,
      providerRef: null,
    },
    corrects: { number: invoice.number, issuedAt: invoice.issuedAt },
    reason: source.reason,
  };
}
