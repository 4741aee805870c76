// The client panel's calls (spec §7 "Client panel", DESIGN.md §3); all carry the bearer.
import type { CheckoutStartedDto, CustomerOrderDto, InvoicePaymentInput } from '../../../../shared/schemas/checkout';
import type { VpsAction } from '../../../../shared/schemas/vps';

/** The customer's orders, newest first: they are the invoices. */
export const ORDERS_PATH = '/api/vps/orders';
/** Pays an unpaid order through Mollie: answers where to send the customer. */
export const MOLLIE_INVOICE_PATH = '/api/checkout/mollie/invoice';
/** The customer's wallet: balance and latest movements (WalletDto). */
export const WALLET_PATH = '/api/wallet';
/** The customer's servers: `{ vpsList }`. */
export const VPS_LIST_PATH = '/api/vps';

/** Start, stop or reboot one server (empty body): answers `{ vps }` in its new state. */
export const vpsActionPath = (vpsId: number, action: VpsAction) => `/api/vps/${vpsId}/${action}`;
/** Pays an unpaid order from the wallet (empty body): answers the paid order and the new balance. */
export const walletPaymentPath = (orderId: number) => `/api/orders/${orderId}/pay-with-wallet`;
/** An order's PDF: the invoice once paid, a pro forma before. */
export const invoicePdfPath = (orderId: number) => `/api/vps/orders/${orderId}/invoice`;
/** The name the PDF is saved under (spec §7). */
export const invoiceFileName = (orderId: number) => `facture_${orderId}.pdf`;

export interface OrdersResponse {
  orders: CustomerOrderDto[];
}

export type InvoicePaymentBody = InvoicePaymentInput;
export type InvoicePaymentResponse = CheckoutStartedDto;
