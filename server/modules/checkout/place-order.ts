import type { Knex } from 'knex';
import type { PaymentMethod } from '../../../shared/constants';
import type { CheckoutItem } from '../../../shared/schemas/checkout';
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
import { countsFreeMachines } from '../catalog/inventory-stock';
import { freeMachinesForSale } from '../catalog/deliverable-stock';
import { chosenOptions } from './cart-choices';
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
  items: CheckoutItem[];
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

/** What placing an order reads besides the cart: the time, how long its stock is reserved, and whether OVH may add machines. */
export interface PlaceOrderDeps {
  clock: Clock;
  reservations: ReservationPolicy;
  /** OVH_AUTO_ORDER: a VPS product that may be bought at OVH is sold against products.stock, not its free machines. */
  ovhAutoOrder?: boolean;
}

/**
 * Creates an unpaid order from product ids and quantities (the lifecycle's `placed` event, dated by
 * the clock). Prices, tax and currency come from the database through the shared totals function;
 * stock is taken in the same transaction with a conditional update, so concurrent buyers of the
 * last unit get one order between them. The stock is reserved until the order's deadline
 * (orders/reservation.ts), and a customer holds at most MAX_UNPAID_ORDERS such orders at once,
 * with at most MAX_UNPAID_UNITS_PER_PRODUCT units of one product across them. Each line carries
 * the system and variant chosen where its product offers them (400 otherwise). A VPS delivered
 * from the inventory is sold against its free machines instead of products.stock
 * (catalog/deliverable-stock.ts).
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

    // Before any stock is taken: an unknown or missing choice changes nothing.
    const choices = chosenOptions(input.items, byId);

    const vat = input.vat?.treatment ?? OWN_VAT;
    const ovhAutoOrder = deps.ovhAutoOrder ?? false;
    const lines = input.items.map((item, index) => {
      const product = byId.get(item.productId)!;
      const chosen = choices[index]!;
      return {
        product_id: product.id,
        name: product.name,
        price_cents: product.price_cents,
        support_cents: product.support_cents,
        margin_cents: product.margin_cents,
        qty: item.qty,
        tax_rate: vat.taxRate ?? product.tax_rate,
        config_products: product.config_products ?? {},
        os: chosen.os?.id ?? null,
        os_name: chosen.os?.name ?? null,
        variant: chosen.variant?.id ?? null,
        variant_name: chosen.variant?.name ?? null,
        stock_taken: !countsFreeMachines(product, ovhAutoOrder),
      };
    });
    const currencies = new Set(products.map((p) => p.currency));
    if (currencies.size > 1) throw MixedCurrencies();
    const totals = cartTotals(lines, { taxRate: vat.taxRate, category: vat.category });
    if (totals.totalCents !== input.claimedTotalCents) throw TotalMismatch(totals.totalCents);

    // In id order, so two carts with the same products never wait on each other crosswise.
    const sales = input.items.map((item, index) => ({ item, line: lines[index]!, os: choices[index]!.os }));
    for (const { item, line, os } of sales.sort((a, b) => a.item.productId - b.item.productId)) {
      const taken = line.stock_taken
        ? await takeStock(trx, item.productId, item.qty, clock.now())
        : (await freeMachinesForSale(trx, byId.get(item.productId)!, os?.family ?? null)) >= item.qty;
      if (!taken) throw OutOfStock(item.productId);
    }

    const first = byId.get(input.items[0]!.productId)!;
    // The system chosen on the first line that chose one: the staff picker's family rule reads it.
    const chosenOs = choices.find((c) => c.os)?.os?.name;
    const reservedUntil = reservationDeadline(input.paymentMethod, clock.now(), deps.reservations);
    const { order } = await transitionOrder(trx, {
      event: 'placed',
      actor: user.id,
      clock,
      values: {
        user_id: user.id,
        os: chosenOs ?? first.ovh_config?.os ?? null,
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
