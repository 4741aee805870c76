import type { Language } from '../../../shared/i18n/languages';
import { documentAmounts } from '../../../shared/tax/vat-amounts';
import { sellerCountryOf, type VatCategory, type VatLegalBasis } from '../../../shared/tax/vat-treatment';
import type { UserRow } from '../auth/users.repo';
import type { BankAccount } from '../checkout/bank-transfer.service';
import { serverText } from '../mail/mail.templates';
import type { OrderLineRow, OrderRow } from '../orders/orders.repo';
import type { DocumentLine, PartySnapshot, PeppolId } from './billing-document';
import type { PdfDocumentInput } from './invoice-document';

// The facts of an order not issued yet, read from today's order and profile: what its pro forma
// prints. An issued document never goes through here: its facts were frozen when it was numbered.

/** The shop as the configuration names it (server/config.ts `seller`). */
export interface Seller {
  name: string;
  address: string;
  vatNumber: string;
  email: string;
}

export interface DraftInvoiceInput {
  order: Pick<
    OrderRow,
    | 'id'
    | 'tax_rate'
    | 'currency'
    | 'payment_method'
    | 'provider_ref'
    | 'transfer_reference'
    | 'invoice_number'
    | 'invoiced_at'
    | 'paid_at'
    | 'vat_scheme'
    | 'buyer_vat_number'
  >;
  lines: Pick<OrderLineRow, 'name' | 'qty' | 'price_cents' | 'support_cents' | 'margin_cents' | 'tax_rate' | 'config_products'>[];
  buyer: Pick<UserRow, 'full_name' | 'user_type' | 'company_name' | 'vat_number' | 'address' | 'country' | 'email' | 'language'>;
  seller: Seller;
  bank: BankAccount;
  /** The issue date of a pro forma. */
  now: Date;
  /** A renewal: the period of service it pays for. */
  servicePeriod?: { from: Date; to: Date } | null;
}

/** The spec names the shop labels (shop.specs); any other key is printed as it is. */
const KNOWN_SPECS = new Set(['ram', 'cores', 'storage', 'traffic', 'bandwidth']);

export function specsText(specs: Record<string, string | number> | null, lng: Language): string | null {
  const text = Object.entries(specs ?? {})
    .map(([key, value]) => `${KNOWN_SPECS.has(key) ? serverText(lng, `shop.specs.${key}`) : key}${lng === 'fr' ? ' : ' : ': '}${value}`)
    .join('  ·  ');
  return text || null;
}

/** A Belgian VAT number is BE + the enterprise number: the company's registration and its Peppol address. */
function belgianEnterprise(vatNumber: string | null): PeppolId | null {
  const compact = (vatNumber ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  const digits = compact.startsWith('BE') ? compact.slice(2) : '';
  return /^[01]\d{9}$/.test(digits) ? { scheme: '0208', id: digits } : null;
}

const CATEGORY: Record<OrderRow['vat_scheme'], VatCategory> = { standard: 'S', oss: 'S', reverse_charge: 'AE', outside_scope: 'O' };

export function draftInvoiceData(input: DraftInvoiceInput): PdfDocumentInput {
  const { order, buyer, seller, bank } = input;
  const lng = buyer.language;
  const category = CATEGORY[order.vat_scheme] ?? 'S';
  const lines: DocumentLine[] = input.lines.map((line) => {
    const unitNetCents = line.price_cents + line.support_cents + line.margin_cents;
    return {
      name: line.name,
      description: specsText(line.config_products, lng),
      qty: line.qty,
      unitNetCents,
      netCents: unitNetCents * line.qty,
      category,
      rate: Number(line.tax_rate),
    };
  });
  const amounts = documentAmounts(lines);
  const prepaidCents = order.paid_at ? amounts.totalCents : 0;
  const legalBasis: VatLegalBasis | null =
    order.vat_scheme === 'reverse_charge'
      ? 'art196'
      : order.vat_scheme === 'outside_scope'
        ? buyer.user_type === 'business'
          ? 'art44'
          : 'art59'
        : null;
  const isBusiness = buyer.user_type === 'business';
  const sellerId = belgianEnterprise(seller.vatNumber);
  const sellerParty: PartySnapshot = {
    name: seller.name,
    contactName: null,
    address: seller.address,
    country: sellerCountryOf(seller.vatNumber),
    vatNumber: seller.vatNumber,
    legalId: sellerId,
    endpoint: sellerId,
    email: seller.email,
    isBusiness: true,
  };
  const buyerId = isBusiness ? belgianEnterprise(buyer.vat_number) : null;
  const buyerParty: PartySnapshot = {
    name: isBusiness && buyer.company_name ? buyer.company_name : buyer.full_name,
    contactName: isBusiness && buyer.company_name ? buyer.full_name : null,
    address: buyer.address ?? '',
    country: buyer.country,
    // Under reverse charge the number VIES confirmed when the order was placed, not today's profile.
    vatNumber: order.vat_scheme === 'reverse_charge' && order.buyer_vat_number ? order.buyer_vat_number : buyer.vat_number,
    legalId: buyerId,
    endpoint: buyerId,
    email: buyer.email,
    isBusiness,
  };
  return {
    kind: 'invoice',
    number: order.invoice_number,
    issuedAt: (order.invoice_number !== null && order.invoiced_at ? order.invoiced_at : input.now).toISOString(),
    orderId: order.id,
    buyerReference: String(order.id),
    currency: order.currency,
    language: lng,
    seller: sellerParty,
    buyer: buyerParty,
    vatScheme: order.vat_scheme ?? 'standard',
    legalBasis,
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
      paidAt: order.paid_at ? order.paid_at.toISOString() : null,
      providerRef: null,
      structuredReference: order.transfer_reference,
      iban: bank.iban,
      bic: bank.bic,
      accountHolder: bank.accountHolder,
    },
    servicePeriod: input.servicePeriod ? { from: input.servicePeriod.from.toISOString(), to: input.servicePeriod.to.toISOString() } : null,
    corrects: null,
    reason: null,
    evidence: { billingCountry: buyer.country, phonePrefix: null, phoneCountry: null, vies: null },
  };
}
