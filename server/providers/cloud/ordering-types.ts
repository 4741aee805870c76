// Ordering a new VPS at OVH when the inventory has none (OVH_AUTO_ORDER=1): the cart API, then the
// order followed until its details name the new machine. A sandbox orders without keys.

export interface VpsOrderRequest {
  /** Our service id, as text: the cart's description, so a retry finds the cart it made. */
  reference: string;
  /** OVH's plan code (e.g. `vps-le-2-2-40`). */
  planCode: string;
  /** OVH's `vps_datacenter` value (e.g. `GRA`). */
  datacenter: string;
  /** OVH's `vps_os` value (e.g. `Debian 12`). */
  os: string;
  /** Months, as OVH's `duration` (`P1M`). */
  durationMonths: number;
  /** Never check out above this (the product's cost limit), in cents with tax excluded. */
  maxPriceCents: number;
}

export type VpsOrderStatus =
  /** `ovhStatus`: OVH's own word for where the order is (`checking`, `delivering`, `notPaid`, …), for staff. */
  { state: 'pending'; ovhStatus?: string } | { state: 'delivered'; serviceName: string } | { state: 'failed'; reason: string };

export interface VpsOrdering {
  readonly mode: 'live' | 'sandbox';
  /**
   * Creates (or finds, by reference) the cart, assigns it, adds the VPS with its configuration,
   * reads the checkout price and checks out only at or under `maxPriceCents`. Answers OVH's order
   * id; throws OvhPriceAboveLimit (nothing bought) or CloudProviderError.
   */
  placeOrder(request: VpsOrderRequest): Promise<{ orderId: number; priceCents: number }>;
  /** `/me/order/{orderId}` and its details: delivered once a detail's `domain` names the VPS. */
  followOrder(orderId: number): Promise<VpsOrderStatus>;
}

export class OvhPriceAboveLimit extends Error {
  constructor(
    readonly priceCents: number,
    readonly maxPriceCents: number,
  ) {
    super(`OVH price ${priceCents} above the limit ${maxPriceCents}`);
    this.name = 'OvhPriceAboveLimit';
  }
}

/**
 * The cart of this reference was checked out already, but its order id was not kept (a crash
 * between the checkout and its record). Nothing was bought again: a person finds the order in
 * OVH's manager. Not worth retrying.
 */
export class OvhCartAlreadyCheckedOut extends Error {
  constructor(
    readonly reference: string,
    readonly cartId: string,
  ) {
    super(`OVH cart ${cartId} of ${reference} was checked out already; its order is in OVH's manager`);
    this.name = 'OvhCartAlreadyCheckedOut';
  }
}

/** Where an order is billed (`nichandle.OvhSubsidiaryEnum`, ovh-order-cart.json): OVH_SUBSIDIARY. */
export const OVH_SUBSIDIARIES = ['CZ', 'DE', 'ES', 'EU', 'FI', 'FR', 'GB', 'IE', 'IT', 'LT', 'MA', 'NL', 'PL', 'PT', 'SN', 'TN'] as const;
export type OvhSubsidiary = (typeof OVH_SUBSIDIARIES)[number];
