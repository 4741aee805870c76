import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { ORDER_CANCEL_REASONS, ORDER_STATUSES, PAYMENT_METHODS, REFUND_DESTINATIONS } from '../constants';
import { entityId } from './ids';

// Checkout and payment calls (spec §7, DESIGN.md §3). Messages are locale keys. The server reads
// only product ids, quantities and the choices made (system, variant) from the cart: names,
// prices, tax and currency come from the database; `totalCents` (or PayPal's `amount`) is compared
// with the server's total, never trusted.

export const MAX_ITEM_QTY = 10;

/** A choice's id as the product lists it (os_choices, variants); checked against the product at checkout. */
const choiceOf = (key: string) => z.string({ error: key }).trim().min(1, key).max(40, key).optional();

/**
 * A cart line as the client keeps it; only productId, qty, os and variant are read, the rest is
 * ignored. `os` (an id of the product's os_choices) and `variant` (of its variants) are required
 * when the product offers choices, refused otherwise (400 checkout.errors.os / .variant).
 */
export const checkoutItemSchema = z.object({
  productId: entityId('checkout.errors.item'),
  qty: z.coerce
    .number({ error: 'checkout.errors.qty' })
    .int('checkout.errors.qty')
    .min(1, 'checkout.errors.qty')
    .max(MAX_ITEM_QTY, 'checkout.errors.qty'),
  os: choiceOf('checkout.errors.os'),
  variant: choiceOf('checkout.errors.variant'),
});
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

export const checkoutItemsSchema = z
  .array(checkoutItemSchema, { error: 'checkout.errors.items' })
  .min(1, 'checkout.errors.items')
  .max(10, 'checkout.errors.items')
  .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, 'checkout.errors.items');

const cents = (key: string) => z.coerce.number({ error: key }).int(key).min(0, key);
/** Optional: identity comes from the token; a userId naming someone else is 403. */
const userId = entityId().optional();
/** The page's language, for the provider's return pages and the mails. */
const lng = z.enum(LANGUAGES).optional();

export const cardCheckoutSchema = z.object({
  userId,
  items: checkoutItemsSchema,
  totalCents: cents('checkout.errors.total'),
  nowClient: z.unknown().optional(), // sent by the spec's client; not used
  lng,
});
export type CardCheckoutInput = z.infer<typeof cardCheckoutSchema>;

/** PayPal: `amount` is the total including tax, in cents, like totalCents. */
export const paypalCreateOrderSchema = z.object({
  userId,
  items: checkoutItemsSchema,
  amount: cents('checkout.errors.total'),
  lng,
});
export type PaypalCreateOrderInput = z.infer<typeof paypalCreateOrderSchema>;

/** Pay an existing unpaid order (an invoice) through Mollie. */
export const invoicePaymentSchema = z.object({ orderId: entityId('checkout.errors.order'), userId, lng });
export type InvoicePaymentInput = z.infer<typeof invoicePaymentSchema>;

const accountIBAN = z.string({ error: 'payment.required' }).trim().min(1, 'payment.required').max(64, 'payment.ibanInvalid');
const accountName = z.string({ error: 'payment.required' }).trim().min(1, 'payment.required').max(120, 'payment.required');

export const validateIbanSchema = z.object({ accountIBAN });

export const bankTransferSchema = z.object({
  userId,
  items: checkoutItemsSchema,
  totalCents: cents('checkout.errors.total'),
  accountIBAN,
  accountName,
  lng,
});
export type BankTransferInput = z.infer<typeof bankTransferSchema>;

export const bankTransferConfirmSchema = z.object({
  orderId: entityId('checkout.errors.order'),
  userId,
  accountIBAN,
  accountName,
});
export type BankTransferConfirmInput = z.infer<typeof bankTransferConfirmSchema>;

// ---- Answers ----------------------------------------------------------------------------------

/** What a line chose: the id the product lists and the name shown when it was bought. */
const chosenSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const orderLineSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  price_cents: z.number().int(),
  support_cents: z.number().int(),
  margin_cents: z.number().int(),
  qty: z.number().int(),
  tax_rate: z.number(),
  config_products: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The system chosen for a VPS; null when the product offered none. */
  os: chosenSchema,
  /** The game variant chosen (Paper, Forge…); null when the product offered none. */
  variant: chosenSchema,
});
export type OrderLineDto = z.infer<typeof orderLineSchema>;

/** An order as its customer sees it (spec §3 "Order / invoice (customer view)", plus details). */
export const customerOrderSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: z.enum(ORDER_STATUSES),
  subtotal_cents: z.number().int(),
  tax_rate: z.number(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  currency: z.string(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  created_at: z.iso.datetime(),
  paid_at: z.iso.datetime().nullable(),
  /** When what was bought was delivered (by an agent, or on its own); null until then. */
  delivered_at: z.iso.datetime().nullable(),
  invoice_number: z.string().nullable(),
  /**
   * An issued invoice that goes to the customer's accounting software through Peppol (a Belgian
   * VAT-registered business), not by e-mail: the recipient's Peppol id (0208:0987654321); null otherwise.
   */
  invoice_peppol_id: z.string().nullable(),
  transfer_reference: z.string().nullable(),
  transfer_announced_at: z.iso.datetime().nullable(),
  /** PayPal approval link while a PayPal order waits for payment (spec: "Payment order: id, paypalUrl"). */
  paypalUrl: z.string().nullable(),
  /** A renewal invoice's due date (the end of the period it pays for); null for a first order. */
  due_at: z.iso.datetime().nullable(),
  /** A paid renewal invoice: until when it extended the service (the end of the period paid for); null otherwise. */
  renewed_until: z.iso.datetime().nullable(),
  /** Until when an unpaid order holds its stock: unpaid by then, it is cancelled. Null otherwise (and for a renewal). */
  reserved_until: z.iso.datetime().nullable(),
  /** Why a cancelled order was cancelled, when the customer is told; null otherwise. */
  cancel_reason: z.enum(ORDER_CANCEL_REASONS).nullable(),
  /** An order ended by its refund (cancel_reason `refunded`): the money given back and where it went; null otherwise. */
  refund: z.object({ amount_cents: z.number().int(), to: z.enum(REFUND_DESTINATIONS) }).nullable(),
  lines: z.array(orderLineSchema),
});

/** The panel's invoices a page at a time: the page after the order `before` (the last one shown). */
export const CUSTOMER_ORDERS_PAGE_SIZE = 50;
export const customerOrdersQuerySchema = z.object({
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CUSTOMER_ORDERS_PAGE_SIZE),
});
export const customerOrdersPageSchema = z.object({
  orders: z.array(customerOrderSchema),
  /** The `before` of the next page; null when this page is the last. */
  next: z.number().int().nullable(),
});
export type CustomerOrdersPageDto = z.infer<typeof customerOrdersPageSchema>;
export type CustomerOrderDto = z.infer<typeof customerOrderSchema>;

/** Card (Stripe) checkout and invoice payment (Mollie): where to send the customer (spec §7 {checkoutUrl}). */
export const checkoutStartedSchema = z.object({ checkoutUrl: z.string(), orderId: z.number().int() });
export type CheckoutStartedDto = z.infer<typeof checkoutStartedSchema>;

/** PayPal: spec §3 "Payment order: id, paypalUrl". */
export const paypalOrderCreatedSchema = z.object({
  order: z.object({ id: z.number().int(), paypalUrl: z.string().nullable() }),
});
export type PaypalOrderCreatedDto = z.infer<typeof paypalOrderCreatedSchema>;

export const ibanCheckSchema = z.object({
  valid: z.boolean(),
  /** Locale key when invalid. */
  error: z.string().nullable(),
});
export type IbanCheckDto = z.infer<typeof ibanCheckSchema>;

/** Spec §3 "Bank transfer result: iban, bic, reference, orderId", plus what the page shows with it. */
export const bankTransferDetailsSchema = z.object({
  orderId: z.number().int(),
  /** The shop's account the customer pays to. */
  iban: z.string(),
  bic: z.string(),
  accountHolder: z.string(),
  /** Belgian structured communication, +++ddd/dddd/ddddd+++. */
  reference: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The transfer must have arrived by then; the order is cancelled after it. */
  reservedUntil: z.iso.datetime(),
});
export type BankTransferDetailsDto = z.infer<typeof bankTransferDetailsSchema>;

/** POST /api/checkout/bank-transfer/confirm: the declaration is recorded. */
export const transferConfirmedSchema = z.object({ success: z.literal(true) });

export const PAYMENT_PROVIDERS = ['stripe', 'paypal', 'mollie'] as const;
export const SANDBOX_CHECKOUT_STATUSES = ['open', 'paid', 'cancelled'] as const;

/** What the sandbox payment page shows (no provider keys: the local payment page). */
export const sandboxCheckoutSchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  orderId: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(SANDBOX_CHECKOUT_STATUSES),
  lines: z.array(z.object({ name: z.string(), qty: z.number().int() })),
});
export type SandboxCheckoutDto = z.infer<typeof sandboxCheckoutSchema>;

/** Pay / Cancel on the sandbox page: where the browser goes next (the provider's return URL). */
export const sandboxFinishedSchema = z.object({ redirectUrl: z.string() });

/** What a provider notification did (server/modules/payments/payment-events.service.ts EventOutcome). */
export const WEBHOOK_OUTCOMES = [
  'duplicate',
  'ignored',
  'unknown_order',
  'amount_mismatch',
  'paid',
  'payment_already_recorded',
  'paid_twice',
  'paid_after_cancel',
  'payment_failed',
  'payment_cancelled',
  'queued', // verified and recorded; its capture (or release) at the provider runs as a job
] as const;
export const webhookReceivedSchema = z.object({ received: z.literal(true), outcome: z.enum(WEBHOOK_OUTCOMES) });
