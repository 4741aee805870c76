import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';

/** How an invoice is named to the customer: its number once paid, the order id before. */
export const invoiceLabel = (order: Pick<CustomerOrderDto, 'id' | 'invoice_number'>) => order.invoice_number ?? `#${order.id}`;
