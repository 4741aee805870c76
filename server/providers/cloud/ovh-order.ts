import { createOvhCaller, OvhAnsweredError, type OvhAdapterConfig } from './ovh-client';
import {
  OvhCartAlreadyCheckedOut,
  OvhPriceAboveLimit,
  type OvhSubsidiary,
  type VpsOrderRequest,
  type VpsOrdering,
  type VpsOrderStatus,
} from './ordering-types';
import { CloudProviderError } from './types';

// Ordering a VPS at OVH with the cart API (ovh-order-cart.json), then following the order
// (ovh-me-order.json) until a detail's `domain` names the new machine. The cart's description is
// our reference: a retry finds its cart again instead of making a second one, and a cart already
// checked out is never checked out twice.

export interface OvhOrderingConfig extends OvhAdapterConfig {
  /** Where the order is billed; its prices are in euros (the cost limit is). */
  subsidiary: OvhSubsidiary;
}

/** `order.cart.Cart` */
interface OvhCart {
  cartId: string;
  description?: string;
  items?: number[];
  /** Set once the cart was checked out. */
  readOnly?: boolean;
}

interface OvhPrice {
  currencyCode?: string;
  value?: number;
}

/** `order.Order`: the checkout's answer (a preview on GET, the order on POST). */
interface OvhOrder {
  orderId?: number | null;
  prices?: { withoutTax?: OvhPrice };
}

/** `billing.order.OrderStatusEnum` values after which the order will never deliver. */
const ENDED = new Set(['cancelled', 'cancelling']);

/** A detail's domain before delivery is a placeholder (`*001`); once delivered it is the VPS's name. */
const namesAService = (domain: unknown): domain is string => typeof domain === 'string' && /^[^*\s]+\.[^*\s]+$/.test(domain);

export function createOvhOrdering(config: OvhOrderingConfig): VpsOrdering {
  const ovh = createOvhCaller(config);
  const cartPath = (cartId: string) => `/order/cart/${encodeURIComponent(cartId)}`;

  /** Tax-excluded cents of a checkout answer; a price in another currency than the limit's is refused. */
  function priceCentsOf(order: OvhOrder, what: string): number {
    const price = order.prices?.withoutTax;
    if (typeof price?.value !== 'number') throw new CloudProviderError(`${what}: OVH answered no price`);
    if (price.currencyCode !== undefined && price.currencyCode !== 'EUR') {
      throw new CloudProviderError(`${what}: OVH prices this cart in ${price.currencyCode}, the cost limit is in euros`);
    }
    return Math.round(price.value * 100);
  }

  /**
   * The reference's cart, if one is still alive (OVH drops expired carts). A checked-out one wins:
   * it means an order exists already.
   */
  async function findCart(reference: string): Promise<OvhCart | undefined> {
    const ids = await ovh.call<unknown>('GET', `/order/cart?description=${encodeURIComponent(reference)}`);
    const carts: OvhCart[] = [];
    for (const id of Array.isArray(ids) ? ids : []) {
      if (typeof id !== 'string') continue;
      try {
        const cart = await ovh.call<OvhCart>('GET', cartPath(id));
        if (cart.description === reference) carts.push(cart);
      } catch (err) {
        // Expired between the list and the read: as if it were not listed.
        if (!(err instanceof OvhAnsweredError && err.status === 404)) throw err;
      }
    }
    return carts.find((cart) => cart.readOnly) ?? carts[0];
  }

  return {
    mode: 'live',

    async placeOrder(request: VpsOrderRequest) {
      const { reference } = request;
      const cart =
        (await findCart(reference)) ??
        (await ovh.call<OvhCart>('POST', '/order/cart', { ovhSubsidiary: config.subsidiary, description: reference }));
      if (cart.readOnly) throw new OvhCartAlreadyCheckedOut(reference, cart.cartId);
      const path = cartPath(cart.cartId);
      await ovh.call<unknown>('POST', `${path}/assign`);
      // A cart found again holds what an earlier attempt put in: start from an empty one, so the
      // order holds exactly this VPS with this configuration.
      for (const itemId of cart.items ?? []) await ovh.call<unknown>('DELETE', `${path}/item/${itemId}`);
      const item = await ovh.call<{ itemId: number }>('POST', `${path}/vps`, {
        planCode: request.planCode,
        duration: `P${request.durationMonths}M`,
        pricingMode: 'default',
        quantity: 1,
      });
      for (const [label, value] of [
        ['vps_datacenter', request.datacenter],
        ['vps_os', request.os],
      ] as const) {
        await ovh.call<unknown>('POST', `${path}/item/${item.itemId}/configuration`, { label, value });
      }
      // The price now (OVH's prices change): never check out above the product's cost limit.
      const priceCents = priceCentsOf(await ovh.call<OvhOrder>('GET', `${path}/checkout`), `GET ${path}/checkout`);
      if (priceCents > request.maxPriceCents) throw new OvhPriceAboveLimit(priceCents, request.maxPriceCents);
      // Paid at once with the account's default payment method (OVH refuses the checkout without one).
      const order = await ovh.call<OvhOrder>('POST', `${path}/checkout`, { autoPayWithPreferredPaymentMethod: true });
      if (typeof order.orderId !== 'number') throw new CloudProviderError(`POST ${path}/checkout: OVH answered no order id`);
      return { orderId: order.orderId, priceCents };
    },

    async followOrder(orderId): Promise<VpsOrderStatus> {
      const path = `/me/order/${encodeURIComponent(String(orderId))}`;
      let status: unknown;
      try {
        status = await ovh.call<unknown>('GET', `${path}/status`);
      } catch (err) {
        if (err instanceof OvhAnsweredError && err.status === 404) return { state: 'failed', reason: `OVH knows no order ${orderId}` };
        throw err;
      }
      if (typeof status !== 'string') throw new CloudProviderError(`GET ${path}/status: OVH answered no status`);
      if (ENDED.has(status))
        return { state: 'failed', reason: `OVH ${status === 'cancelled' ? 'cancelled' : 'is cancelling'} order ${orderId}` };
      if (status !== 'delivered') return { state: 'pending', ovhStatus: status };
      const detailIds = await ovh.call<unknown>('GET', `${path}/details`);
      for (const id of Array.isArray(detailIds) ? detailIds : []) {
        const detail = await ovh.call<{ domain?: unknown }>('GET', `${path}/details/${encodeURIComponent(String(id))}`);
        if (namesAService(detail.domain)) return { state: 'delivered', serviceName: detail.domain };
      }
      // Delivered, yet no detail names the machine yet: OVH fills it in shortly.
      return { state: 'pending', ovhStatus: status };
    },
  };
}
