import type { Knex } from 'knex';
import type { PaymentMethod } from '../../../shared/constants';
import { cartTotals } from '../../../shared/money/cart-totals';
import type { VatTreatment } from '../../../shared/tax/vat-treatment';
import type { CustomerVat } from '../vat/vat.service';
import { orderTransferReference } from '../../../shared/payments/structured-reference';
import type { UserRow } from '../auth/users.repo';
import type { Clock } from '../../clock/clock';
import { transitionOrder } from '../orders/order-lifecycle';
import { insertOrderLines, setTransferReference, type OrderRow } from '../orders/orders.repo';
import { MAX_UNPAID_ORDERS, MAX_UNPAID_UNITS_PER_PRODUCT, reservationDeadline, type ReservationPolicy } from '../orders/reservation';
import { countUnpaidCheckoutOrders, lockBuyer, unpaidUnitsByProduct } from '../orders/reservations.repo';
import { activeProducts, takeStock } from '../orders/stock.repo';
import {
  EmailNotVerified,
  MixedCurrencies,
  OutOfStock,
  ProductUnavailable,
  TooManyUnitsReserved,
  TooManyUnpaidOrders,
  TotalMismatch,
} from './checkout.errors';

export interface PlaceOrderInput {
  items: { productId: number; qty: number }[];
  /** What the client showed; compared with the server's total, never used. */
  claimedTotalCents: number;
  paymentMethod: PaymentMethod;
  payer?: { name: string; iban: string };
  /** The buyer's VAT treatment and its evidence (modules/vat), decided before the transaction; Belgian VAT when absent. */
  vat?: Pick<CustomerVat, 'treatment' | 'evidence'>;
}

/** A customer in Belgium: the products' own Belgian rate. */
const OWN_VAT: VatTreatment = {
  scheme: 'standard',
  category: 'S',
  taxRate: null,
  taxCountry: 'BE',
  buyerVatNumber: null,
  legalBasis: null,
};

export function assertCanPay(user: UserRow): void {
  if (!user.email_verified_at) throw EmailNotVerified();
}

/** What placing an order reads besides the cart: the time, and how long its stock is reserved. */
export interface PlaceOrderDeps {
  clock: Clock;
  reservations: ReservationPolicy;
}

/**
 * Creates an unpaid order from product ids and quantities (the lifecycle's `placed` event, dated by
 * the clock). Prices, tax and currency come from the database through the shared totals function;
 * stock is taken in the same transaction with a conditional update, so concurrent buyers of the
 * last unit get one order between them. The stock is reserved until the order's deadline
 * (orders/reservation.ts), and a customer holds at most MAX_UNPAID_ORDERS such orders at once,
 * with at most MAX_UNPAID_UNITS_PER_PRODUCT units of one product across them.
 */
export async function placeOrder(db: Knex, user: UserRow, input: PlaceOrderInput, deps: PlaceOrderDeps): Promise<OrderRow> {
  assertCanPay(user);
  const { clock } = deps;
  return db.transaction(async (trx) => {
    // The customer's checkouts one at a time, so two at once cannot both pass the count.
    await lockBuyer(trx, user.id);
    if ((await countUnpaidCheckoutOrders(trx, user.id)) >= MAX_UNPAID_ORDERS) throw TooManyUnpaidOrders(MAX_UNPAID_ORDERS);

    const ids = input.items.map((i) => i.productId);
    const products = await activeProducts(trx, ids);
    const byId = new Map(products.map((p) => [p.id, p]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw ProductUnavailable(missing);

    // Under the same lock: what this customer's unpaid orders already hold of each product.
    const held = await unpaidUnitsByProduct(trx, user.id, ids);
    for (const item of input.items) {
      const already = held.get(item.productId) ?? 0;
      if (already + item.qty > MAX_UNPAID_UNITS_PER_PRODUCT)
        throw TooManyUnitsReserved(item.productId, MAX_UNPAID_UNITS_PER_PRODUCT, already);
    }

    const vat = input.vat?.treatment ?? OWN_VAT;
    const lines = input.items.map((item) => {
      const product = byId.get(item.productId)!;
      return {
        product_id: product.id,
        name: product.name,
        price_cents: product.price_cents,
        support_cents: product.support_cents,
        margin_cents: product.margin_cents,
        qty: item.qty,
        tax_rate: vat.taxRate ?? product.tax_rate,
        config_products: product.config_products ?? {},
      };
    });
    const currencies = new Set(products.map((p) => p.currency));
    if (currencies.size > 1) throw MixedCurrencies();
    const totals = cartTotals(lines, { taxRate: vat.taxRate, category: vat.category });
    if (totals.totalCents !== input.claimedTotalCents) throw TotalMismatch(totals.totalCents);

    // In id order, so two carts with the same products never wait on each other crosswise.
    for (const item of [...input.items].sort((a, b) => a.productId - b.productId)) {
      if (!(await takeStock(trx, item.productId, item.qty, clock.now()))) throw OutOfStock(item.productId);
    }

    const first = byId.get(input.items[0]!.productId)!;
    const reservedUntil = reservationDeadline(input.paymentMethod, clock.now(), deps.reservations);
    const { order } = await transitionOrder(trx, {
      event: 'placed',
      actor: user.id,
      clock,
      values: {
        user_id: user.id,
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
        vat_legal_basis: vat.legalBasis,
        tax_country: vat.taxCountry,
        vat_evidence: input.vat?.evidence ?? null,
        reserved_until: reservedUntil,
      },
      audit: {
        after: {
          totalCents: totals.totalCents,
          currency: first.currency,
          method: input.paymentMethod,
          items: input.items,
          vatScheme: vat.scheme,
          taxCountry: vat.taxCountry,
          reservedUntil: reservedUntil.toISOString(),
        },
      },
    });
    await insertOrderLines(trx, order.id, lines);
    // The structured communication is made from the order's id, known once the row exists.
    return input.paymentMethod === 'bank_transfer' ? setTransferReference(trx, order.id, orderTransferReference(order.id)) : order;
  });
}
