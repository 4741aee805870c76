import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../constants';

// Checkout and payment calls (spec §7, DESIGN.md §3). Messages are locale keys. The server reads
// only product ids and quantities from the cart: names, prices, tax and currency come from the
// database; `totalCents` (or PayPal's `amount`) is compared with the server's total, never trusted.

export const MAX_ITEM_QTY = 10;

const positiveId = (key: string) => z.coerce.number({ error: key }).int(key).positive(key);

/** A cart line as the client keeps it; only productId and qty are read, the rest is ignored. */
export const checkoutItemSchema = z.object({
  productId: positiveId('checkout.errors.item'),
  qty: z.coerce.number({ error: 'checkout.errors.qty' }).int('checkout.errors.qty').min(1, 'checkout.errors.qty').max(MAX_ITEM_QTY, 'checkout.errors.qty'),
});

export const checkoutItemsSchema = z
  .array(checkoutItemSchema, { error: 'checkout.errors.items' })
  .min(1, 'checkout.errors.items')
  .max(10, 'checkout.errors.items')
  .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, 'checkout.errors.items');

const cents = (key: string) => z.coerce.number({ error: key }).int(key).min(0, key);
/** Optional: identity comes from the token; a userId naming someone else is 403. */
const userId = z.coerce.number().int().positive().optional();
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
export const invoicePaymentSchema = z.object({ orderId: positiveId('checkout.errors.order'), userId, lng });
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
  orderId: positiveId('checkout.errors.order'),
  userId,
  accountIBAN,
  accountName,
});
export type BankTransferConfirmInput = z.infer<typeof bankTransferConfirmSchema>;

// ---- Answers ----------------------------------------------------------------------------------

export const orderLineSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  price_cents: z.number().int(),
  support_cents: z.number().int(),
  margin_cents: z.number().int(),
  qty: z.number().int(),
  tax_rate: z.number(),
  config_products: z.record(z.string(), z.union([z.string(), z.number()])),
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
  invoice_number: z.string().nullable(),
  transfer_reference: z.string().nullable(),
  transfer_announced_at: z.iso.datetime().nullable(),
  /** PayPal approval link while a PayPal order waits for payment (spec: "Payment order: id, paypalUrl"). */
  paypalUrl: z.string().nullable(),
  /** A renewal invoice's due date (the end of the period it pays for); null for a first order. */
  due_at: z.iso.datetime().nullable(),
  lines: z.array(orderLineSchema),
});
export type CustomerOrderDto = z.infer<typeof customerOrderSchema>;

export interface CheckoutStartedDto {
  checkoutUrl: string;
  orderId: number;
}

export interface PaypalOrderCreatedDto {
  order: { id: number; paypalUrl: string | null };
}

export interface IbanCheckDto {
  valid: boolean;
  /** Locale key when invalid. */
  error: string | null;
}

export interface BankTransferDetailsDto {
  orderId: number;
  /** The shop's account the customer pays to. */
  iban: string;
  bic: string;
  accountHolder: string;
  /** Belgian structured communication, +++ddd/dddd/ddddd+++. */
  reference: string;
  amountCents: number;
  currency: string;
}

/** What the sandbox payment page shows (no provider keys: the local payment page). */
export interface SandboxCheckoutDto {
  id: string;
  provider: 'stripe' | 'paypal' | 'mollie';
  orderId: number;
  amountCents: number;
  currency: string;
  status: 'open' | 'paid' | 'cancelled';
  lines: { name: string; qty: number }[];
}
