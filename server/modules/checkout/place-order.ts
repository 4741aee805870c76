import type { Knex } from 'knex';
import type { PaymentMethod } from '../../../shared/constants';
import { cartTotals } from '../../../shared/money/cart-totals';
import type { VatTreatment } from '../../../shared/tax/vat-treatment';
import { orderTransferReference } from '../../../shared/payments/structured-reference';
import type { UserRow } from '../auth/users.repo';
import { writeAudit } from '../audit/audit.repo';
import { type OrderRow } from '../orders/orders.repo';
import { EmailNotVerified, MixedCurrencies, OutOfStock, ProductUnavailable, TotalMismatch } from './checkout.errors';

export interface PlaceOrderInput {
  items: { productId: number; qty: number }[];
  /** What the client showed; compared with the server's total, never used. */
  claimedTotalCents: number;
  paymentMethod: PaymentMethod;
  payer?: { name: string; iban: string };
  /** The buyer's EU VAT treatment (modules/vat), decided before the transaction; standard when absent. */
  vat?: VatTreatment;
}

interface ProductRow {
  id: number;
  name: string;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  tax_rate: string | number;
  currency: string;
  config_products: Record<string, string | number>;
  ovh_config: { os?: string } | null;
}

export function assertCanPay(user: UserRow): void {
  if (!user.email_verified_at) throw EmailNotVerified();
}

/**
 * Creates an unpaid order from product ids and quantities. Prices, tax and currency come from the
 * database through the shared totals function; stock is taken in the same transaction with a
 * conditional update, so concurrent buyers of the last unit get one order between them.
 */
export async function placeOrder(db: Knex, user: UserRow, input: PlaceOrderInput): Promise<OrderRow> {
  assertCanPay(user);
  return db.transaction(async (trx) => {
    const ids = input.items.map((i) => i.productId);
    const products: ProductRow[] = await trx('products').whereIn('id', ids).andWhere({ is_active: true });
    const byId = new Map(products.map((p) => [p.id, p]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw ProductUnavailable(missing);

    const vat = input.vat ?? { scheme: 'standard', taxRate: null, buyerVatNumber: null };
    const lines = input.items.map((item) => {
      const product = byId.get(item.productId)!;
      return {
        product_id: product.id,
        name: product.name,
        price_cents: product.price_cents,
        support_cents: product.support_cents,
        margin_cents: product.margin_cents,
        qty: item.qty,
        tax_rate: vat.taxRate ?? Number(product.tax_rate),
        config_products: product.config_products ?? {},
      };
    });
    const currencies = new Set(products.map((p) => p.currency));
    if (currencies.size > 1) throw MixedCurrencies();
    const totals = cartTotals(lines, { taxRate: vat.taxRate });
    if (totals.totalCents !== input.claimedTotalCents) throw TotalMismatch(totals.totalCents);

    // In id order, so two carts with the same products never wait on each other crosswise.
    for (const item of [...input.items].sort((a, b) => a.productId - b.productId)) {
      const taken = await trx('products')
        .where({ id: item.productId })
        .andWhere('stock', '>=', item.qty)
        .update({ stock: trx.raw('stock - ?', [item.qty]), updated_at: trx.fn.now() })
        .returning('id');
      if (!taken.length) throw OutOfStock(item.productId);
    }

    const first = byId.get(input.items[0]!.productId)!;
    const [order] = (await trx('orders')
      .insert({
        user_id: user.id,
        status: 'unpaid',
        os: first.ovh_config?.os ?? null,
        subtotal_cents: totals.subtotalCents,
        tax_rate: totals.taxRate,
        tax_cents: totals.taxCents,
        total_cents: totals.totalCents,
        currency: first.currency,
        payment_method: input.paymentMethod,
        payer_name: input.payer?.name ?? null,
        payer_iban: input.payer?.iban ?? null,
        vat_scheme: vat.scheme,
        buyer_vat_number: vat.buyerVatNumber,
      })
      .returning('*')) as OrderRow[];
    if (!order) throw new Error('order not inserted');
    await trx('order_lines').insert(
      lines.map((line) => ({ ...line, order_id: order.id, config_products: JSON.stringify(line.config_products) })),
    );

    let placed = order;
    if (input.paymentMethod === 'bank_transfer') {
      const [withReference] = (await trx('orders')
        .where({ id: order.id })
        .update({ transfer_reference: orderTransferReference(order.id) })
        .returning('*')) as OrderRow[];
      placed = withReference!;
    }
    await writeAudit(trx, {
      actorId: user.id,
      action: 'order.created',
      entityType: 'order',
      entityId: order.id,
      after: { status: 'unpaid', totalCents: totals.totalCents, currency: first.currency, method: input.paymentMethod, items: input.items, vatScheme: vat.scheme },
    });
    return placed;
  });
}
