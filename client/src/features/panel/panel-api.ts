// The client panel's calls (spec §7 "Client panel", DESIGN.md §3); all carry the bearer.
import type { CheckoutStartedDto, CustomerOrderDto, InvoicePaymentInput } from '../../../../shared/schemas/checkout';

/** The customer's orders, newest first: they are the invoices. */
export const ORDERS_PATH = '/api/vps/orders';
/** Pays an unpaid order through Mollie: answers where to send the customer. */
export const MOLLIE_INVOICE_PATH = '/api/checkout/mollie/invoice';

export interface OrdersResponse {
  orders: CustomerOrderDto[];
}

export type InvoicePaymentBody = InvoicePaymentInput;
export type InvoicePaymentResponse = CheckoutStartedDto;
