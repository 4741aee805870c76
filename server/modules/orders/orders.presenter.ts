import type { CustomerOrderDto, OrderLineDto } from '../../../shared/schemas/checkout';
import { presentOrderEnding } from './order-ending.presenter';
import type { OrderLineRow, OrderRow } from './orders.repo';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function presentLine(line: OrderLineRow): OrderLineDto {
  return {
    product_id: line.product_id,
    name: line.name,
    price_cents: line.price_cents,
    support_cents: line.support_cents,
    margin_cents: line.margin_cents,
    qty: line.qty,
    tax_rate: line.tax_rate,
    config_products: line.config_products ?? {},
    os: line.os ? { id: line.os, name: line.os_name ?? line.os } : null,
    variant: line.variant ? { id: line.variant, name: line.variant_name ?? line.variant } : null,
  };
}

/**
 * What a customer sees of their own order: no payer IBAN, no provider ids, no staff fields. A PayPal
 * approval link is shown only while PayPal still takes it (`paypalLinkLive`): a stale one would
 * send the customer to a dead page; "Payer" then opens a fresh payment.
 */
export function presentCustomerOrder(
  order: OrderRow,
  lines: OrderLineRow[],
  more: { paypalLinkLive?: boolean; renewedUntil?: Date | null; peppolId?: string } = {},
): CustomerOrderDto {
  const paypalLinkLive = more.paypalLinkLive ?? true;
  return {
    id: order.id,
    uuid: order.uuid,
    status: order.status,
    subtotal_cents: order.subtotal_cents,
    tax_rate: order.tax_rate,
    tax_cents: order.tax_cents,
    total_cents: order.total_cents,
    currency: order.currency,
    payment_method: order.payment_method,
    created_at: order.created_at.toISOString(),
    paid_at: iso(order.paid_at),
    delivered_at: iso(order.delivered_at),
    invoice_number: order.invoice_number,
    invoice_peppol_id: order.invoice_number ? (more.peppolId ?? null) : null,
    transfer_reference: order.transfer_reference,
    transfer_announced_at: iso(order.transfer_announced_at),
    paypalUrl: order.payment_method === 'paypal' && order.status === 'unpaid' && paypalLinkLive ? order.payment_url : null,
    due_at: order.renewal_of_order_id ? iso(order.due_at) : null,
    renewed_until: iso(more.renewedUntil ?? null),
    reserved_until: order.status === 'unpaid' ? iso(order.reserved_until) : null,
    ...presentOrderEnding(order),
    lines: lines.map(presentLine),
  };
}
