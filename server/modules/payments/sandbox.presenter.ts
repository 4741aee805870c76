import type { SandboxCheckoutDto } from '../../../shared/schemas/checkout';
import type { OrderLineRow } from '../orders/orders.repo';
import type { SandboxCheckoutRow } from './sandbox-checkouts.repo';

/** What the local payment page shows: the amount and the order's lines, nothing of the customer. */
export function presentSandboxCheckout(checkout: SandboxCheckoutRow, lines: OrderLineRow[]): SandboxCheckoutDto {
  return {
    id: checkout.id,
    provider: checkout.provider,
    orderId: checkout.order_id,
    amountCents: checkout.amount_cents,
    currency: checkout.currency,
    status: checkout.status,
    lines: lines.map((line) => ({ name: line.name, qty: line.qty })),
  };
}
