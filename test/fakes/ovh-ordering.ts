// The ordering half of the OVH fake (ovh.ts serves it on the same host, signed the same way): the
// cart API of ovh-order-cart.json and the order follow-up of ovh-me-order.json, on the fake's clock.
//   GET  /order/cart[?description=]            -> the live carts' ids (an expired cart is gone)
//   POST /order/cart                           -> a cart { cartId, description, expire, items, readOnly }
//   GET|DELETE /order/cart/:id                 -> the cart; 404 once expired
//   POST /order/cart/:id/assign                -> null (the checkout needs it)
//   POST /order/cart/:id/vps                   -> an item { planCode, duration P{n}M, pricingMode, quantity }
//   GET  /order/cart/:id/item[/:itemId]        -> ids / the item; DELETE removes it
//   GET  /order/cart/:id/item/:itemId/requiredConfiguration -> vps_datacenter and vps_os
//   POST|GET /order/cart/:id/item/:itemId/configuration[/:cid] -> { id, label, value }
//   GET  /order/cart/:id/checkout              -> order.Order with orderId null: the price now
//   POST /order/cart/:id/checkout              -> order.Order with its orderId; the cart turns readOnly.
//                                                 400 without a default payment method, as OVH.
//   GET  /me/order[/:id[/status|/details[/:detailId]]] -> billing.Order, its status, its details
// An order paid at checkout is `checking`, then `delivering`, then `delivered` after the delivery
// delay: the new machine then appears in /vps and the detail's `domain` names it (`*001` before).
import { randomBytes } from 'node:crypto';
import type nock from 'nock';

type Reply = [status: number, body: nock.Body];

export interface FakeClock {
  now(): Date;
}

export interface OvhFakeCart {
  cartId: string;
  description: string;
  ovhSubsidiary: string;
  expire: Date;
  items: number[];
  /** Checked out: nothing can change it any more. */
  readOnly: boolean;
  assigned: boolean;
}

export interface OvhFakeCartItem {
  itemId: number;
  cartId: string;
  planCode: string;
  duration: string;
  pricingMode: string;
  quantity: number;
  configurations: { id: number; label: string; value: string }[];
}

export interface OvhFakeOrder {
  orderId: number;
  cartId: string;
  date: Date;
  /** When OVH delivers it (the fake's clock). */
  deliversAt: Date;
  paid: boolean;
  cancelled: boolean;
  planCode: string;
  datacenter: string;
  os: string;
  months: number;
  /** Tax excluded, at checkout. */
  priceCents: number;
  detailId: number;
  /** The new VPS, once delivered. */
  serviceName: string | null;
}

/** What a delivered order adds to the account's machines (ovh.ts's addMachine). */
export interface DeliveredVps {
  name: string;
  zone: string;
  model: { name: string; offer: string; memory: number; vcore: number; disk: number; version: string };
  image: string;
}

export interface OvhOrderingFakeOptions {
  clock: FakeClock;
  /** From the checkout to the delivery; 2 minutes unless told (tests move their clock). */
  deliveryDelayMs?: number;
  /** How long a cart lives when its creation names no `expire`; a day unless told. */
  cartLifetimeMs?: number;
  deliver(vps: DeliveredVps): void;
}

/** The labels a VPS item must be configured with, and the values the fake accepts for each. */
export const OVH_FAKE_DATACENTERS = ['BHS', 'DE', 'GRA', 'RBX', 'SBG', 'SGP', 'SYD', 'UK', 'WAW'] as const;
export const OVH_FAKE_ORDER_SYSTEMS = [
  'AlmaLinux 9',
  'Debian 11',
  'Debian 12',
  'Rocky Linux 9',
  'Ubuntu 22.04',
  'Ubuntu 24.04',
  'Windows Server 2022',
  'Windows Server 2025',
] as const;
const ALLOWED: Record<string, readonly string[]> = { vps_datacenter: OVH_FAKE_DATACENTERS, vps_os: OVH_FAKE_ORDER_SYSTEMS };

/** `nichandle.OvhSubsidiaryEnum` */
const SUBSIDIARIES = ['CZ', 'DE', 'ES', 'EU', 'FI', 'FR', 'GB', 'IE', 'IT', 'LT', 'MA', 'NL', 'PL', 'PT', 'SN', 'TN'];

/** Prices per month, cents tax excluded; `setPlanPrice` changes them (OVH's prices change). */
const DEFAULT_PLAN_PRICES: Record<string, number> = {
  'vps-le-2-2-40': 420,
  'vps-value-1-2-40': 599,
  'vps-essential-2-4-80': 1199,
  'vps-comfort-4-8-160': 2399,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const VAT_RATE = 0.2; // OVH France

const notFound = (what: string): Reply => [404, { class: 'Client::NotFound', message: `The requested object (${what}) does not exist` }];
const badRequest = (message: string): Reply => [400, { class: 'Client::BadRequest', message }];
const forbidden = (message: string): Reply => [403, { class: 'Client::Forbidden', message }];
const json = (value: unknown): Reply => [200, JSON.stringify(value)];

/** `order.Price` in euros from cents. */
function price(cents: number) {
  const value = Math.round(cents) / 100;
  return { currencyCode: 'EUR', priceInUcents: Math.round(cents) * 1_000_000, text: `${value.toFixed(2)} €`, value };
}

/** The machine a plan code describes (`vps-<range>-<vcore>-<memory GB>-<disk GB>`). */
function modelOf(planCode: string): DeliveredVps['model'] {
  const sizes = /-(\d+)-(\d+)-(\d+)$/.exec(planCode);
  const [vcore, memoryGb, disk] = sizes ? sizes.slice(1).map(Number) : [1, 2, 40];
  const offer = planCode.replace(/-\d+-\d+-\d+$/, '').replace(/^vps-/, 'VPS ');
  return { name: planCode, offer, memory: memoryGb! * 1024, vcore: vcore!, disk: disk!, version: '2019v1' };
}

const body = (raw: nock.Body): Record<string, unknown> =>
  raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

export function createOvhOrderingFake(options: OvhOrderingFakeOptions) {
  const { clock } = options;
  const deliveryDelayMs = options.deliveryDelayMs ?? 2 * 60 * 1000;
  const cartLifetimeMs = options.cartLifetimeMs ?? DAY_MS;
  const carts = new Map<string, OvhFakeCart>();
  const items = new Map<number, OvhFakeCartItem>();
  const orders = new Map<number, OvhFakeOrder>();
  const planPrices = new Map(Object.entries(DEFAULT_PLAN_PRICES));
  let defaultPaymentMethod = true;
  let nextItemId = 270_000_000;
  let nextConfigurationId = 98_000_000;
  let nextOrderId = 210_000_000;

  const now = () => clock.now();
  const alive = (cart: OvhFakeCart | undefined): cart is OvhFakeCart => cart !== undefined && cart.expire > now();

  function cartBody(cart: OvhFakeCart) {
    return {
      cartId: cart.cartId,
      description: cart.description,
      expire: cart.expire.toISOString(),
      items: cart.items,
      readOnly: cart.readOnly,
    };
  }

  function itemBody(item: OvhFakeCartItem) {
    const monthly = planPrices.get(item.planCode) ?? 0;
    return {
      cartId: item.cartId,
      itemId: item.itemId,
      productId: 'vps',
      duration: item.duration,
      offerId: null,
      options: [],
      parentItemId: null,
      configurations: item.configurations.map((c) => c.id),
      settings: { planCode: item.planCode, pricingMode: item.pricingMode, quantity: item.quantity },
      prices: [{ label: 'PRICE', price: price(monthly), promotions: [] }],
    };
  }

  const monthsOf = (duration: string) => Number(/^P(\d+)M$/.exec(duration)?.[1] ?? 0);

  /** The cart's items priced now, or why it cannot be checked out. */
  function priced(cart: OvhFakeCart): { lines: { item: OvhFakeCartItem; cents: number }[] } | Reply {
    if (!cart.assigned) return forbidden('You are not allowed to access this cart: assign it first');
    if (cart.items.length === 0) return badRequest('Your cart is empty');
    const lines: { item: OvhFakeCartItem; cents: number }[] = [];
    for (const itemId of cart.items) {
      const item = items.get(itemId)!;
      for (const label of Object.keys(ALLOWED)) {
        if (!item.configurations.some((c) => c.label === label)) return badRequest(`Missing configuration ${label} for item ${itemId}`);
      }
      lines.push({ item, cents: planPrices.get(item.planCode)! * monthsOf(item.duration) * item.quantity });
    }
    return { lines };
  }

  /** `order.Order`, as the checkout answers it. */
  function orderBody(lines: { item: OvhFakeCartItem; cents: number }[], orderId: number | null) {
    const withoutTax = lines.reduce((sum, line) => sum + line.cents, 0);
    const tax = Math.round(withoutTax * VAT_RATE);
    return {
      orderId,
      url: orderId === null ? null : `https://www.ovh.com/cgi-bin/order/display-order.cgi?orderId=${orderId}`,
      contracts: [],
      details: lines.map(({ item, cents }) => ({
        cartItemID: item.itemId,
        description: `${modelOf(item.planCode).offer} ${item.planCode}`,
        detailType: 'DURATION',
        domain: '*001',
        quantity: item.quantity,
        unitPrice: price(cents / item.quantity),
        totalPrice: price(cents),
        originalTotalPrice: price(cents),
        reductionTotalPrice: price(0),
        reductions: [],
      })),
      prices: {
        withoutTax: price(withoutTax),
        tax: price(tax),
        withTax: price(withoutTax + tax),
        originalWithoutTax: price(withoutTax),
        reduction: price(0),
      },
    };
  }

  function checkout(cart: OvhFakeCart, request: Record<string, unknown>): Reply {
    if (cart.readOnly) return forbidden('This cart has already been validated');
    const check = priced(cart);
    if (Array.isArray(check)) return check;
    const autoPay = request.autoPayWithPreferredPaymentMethod === true;
    if (autoPay && !defaultPaymentMethod) return badRequest('You do not have preferred payment method');
    const orderId = nextOrderId++;
    const [line] = check.lines;
    const config = (label: string) => line!.item.configurations.find((c) => c.label === label)!.value;
    const at = now();
    orders.set(orderId, {
      orderId,
      cartId: cart.cartId,
      date: at,
      deliversAt: new Date(at.getTime() + deliveryDelayMs),
      paid: autoPay,
      cancelled: false,
      planCode: line!.item.planCode,
      datacenter: config('vps_datacenter'),
      os: config('vps_os'),
      months: monthsOf(line!.item.duration),
      priceCents: check.lines.reduce((sum, l) => sum + l.cents, 0),
      detailId: orderId * 10 + 1,
      serviceName: null,
    });
    cart.readOnly = true;
    return [200, orderBody(check.lines, orderId) as unknown as nock.Body];
  }

  /** Delivers the paid orders whose time has come: the machine joins the account. */
  function deliverDue(): void {
    for (const order of orders.values()) {
      if (order.serviceName !== null || !order.paid || order.cancelled || order.deliversAt > now()) continue;
      order.serviceName = `vps-${randomBytes(4).toString('hex')}.vps.ovh.net`;
      const zone = `Region OpenStack: os-${order.datacenter.toLowerCase()}${order.datacenter === 'GRA' ? 7 : 1}`;
      options.deliver({ name: order.serviceName, zone, model: modelOf(order.planCode), image: order.os });
    }
  }

  function statusOf(order: OvhFakeOrder): string {
    if (order.cancelled) return 'cancelled';
    if (!order.paid) return 'notPaid';
    if (order.serviceName !== null) return 'delivered';
    return now().getTime() >= order.date.getTime() + deliveryDelayMs / 2 ? 'delivering' : 'checking';
  }

  function cartRoute(method: string, segments: string[], query: URLSearchParams, request: Record<string, unknown>): Reply {
    const [cartId, sub, itemId, itemSub, configurationId] = segments;
    if (cartId === undefined) {
      if (method === 'GET') {
        const description = query.get('description');
        const listed = [...carts.values()].filter((c) => alive(c) && (description === null || c.description === description));
        return [200, listed.map((c) => c.cartId)];
      }
      if (method !== 'POST') return [405, { class: 'Client::MethodNotAllowed', message: 'Method not allowed' }];
      const subsidiary = request.ovhSubsidiary;
      if (typeof subsidiary !== 'string' || !SUBSIDIARIES.includes(subsidiary)) return badRequest('[ovhSubsidiary] Invalid value');
      const expire = typeof request.expire === 'string' ? new Date(request.expire) : new Date(now().getTime() + cartLifetimeMs);
      const cart: OvhFakeCart = {
        cartId: randomBytes(16)
          .toString('hex')
          .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'),
        description: typeof request.description === 'string' ? request.description : '',
        ovhSubsidiary: subsidiary,
        expire,
        items: [],
        readOnly: false,
        assigned: false,
      };
      carts.set(cart.cartId, cart);
      return [200, cartBody(cart)];
    }
    const cart = carts.get(cartId);
    if (!alive(cart)) return notFound(`cartId = ${cartId}`);
    if (sub === undefined) {
      if (method === 'GET') return [200, cartBody(cart)];
      if (method === 'DELETE') {
        carts.delete(cartId);
        return json(null);
      }
    }
    if (sub === 'assign' && method === 'POST') {
      cart.assigned = true;
      return json(null);
    }
    if (sub === 'checkout' && method === 'GET') {
      const check = priced(cart);
      return Array.isArray(check) ? check : [200, orderBody(check.lines, null) as unknown as nock.Body];
    }
    if (sub === 'checkout' && method === 'POST') return checkout(cart, request);
    if (sub === 'vps' && method === 'POST') {
      if (cart.readOnly) return forbidden('This cart has already been validated');
      const { planCode, duration, pricingMode, quantity } = request;
      if (typeof planCode !== 'string' || !planPrices.has(planCode)) return badRequest(`Plan code not found: ${String(planCode)}`);
      if (typeof duration !== 'string' || monthsOf(duration) < 1) return badRequest(`[duration] Invalid duration: ${String(duration)}`);
      if (pricingMode !== 'default') return badRequest(`[pricingMode] Invalid pricing mode: ${String(pricingMode)}`);
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return badRequest('[quantity] Invalid quantity');
      const item: OvhFakeCartItem = { itemId: nextItemId++, cartId, planCode, duration, pricingMode, quantity, configurations: [] };
      items.set(item.itemId, item);
      cart.items.push(item.itemId);
      return [200, itemBody(item) as unknown as nock.Body];
    }
    if (sub !== 'item') return [405, { class: 'Client::MethodNotAllowed', message: 'Method not allowed' }];
    if (itemId === undefined) return method === 'GET' ? [200, cart.items] : [405, { message: 'Method not allowed' }];
    const item = items.get(Number(itemId));
    if (!item || item.cartId !== cartId) return notFound(`itemId = ${itemId}`);
    if (itemSub === undefined) {
      if (method === 'GET') return [200, itemBody(item) as unknown as nock.Body];
      if (method === 'DELETE') {
        if (cart.readOnly) return forbidden('This cart has already been validated');
        items.delete(item.itemId);
        cart.items = cart.items.filter((id) => id !== item.itemId);
        return json(null);
      }
    }
    if (itemSub === 'requiredConfiguration' && method === 'GET') {
      return [200, Object.keys(ALLOWED).map((label) => ({ label, required: true, type: 'string', fields: null }))];
    }
    if (itemSub !== 'configuration') return [405, { class: 'Client::MethodNotAllowed', message: 'Method not allowed' }];
    if (method === 'POST') {
      if (cart.readOnly) return forbidden('This cart has already been validated');
      const { label, value } = request;
      const allowed = typeof label === 'string' ? ALLOWED[label] : undefined;
      if (!allowed) return badRequest(`Configuration ${String(label)} is not allowed for this item`);
      if (typeof value !== 'string' || !allowed.includes(value)) return badRequest(`Invalid value ${String(value)} for ${label as string}`);
      if (item.configurations.some((c) => c.label === label)) return badRequest(`A configuration ${label as string} exists already`);
      const configuration = { id: nextConfigurationId++, label: label as string, value };
      item.configurations.push(configuration);
      return [200, configuration];
    }
    if (method === 'GET' && configurationId === undefined) {
      const label = query.get('label');
      return [200, item.configurations.filter((c) => label === null || c.label === label).map((c) => c.id)];
    }
    const configuration = item.configurations.find((c) => c.id === Number(configurationId));
    if (!configuration) return notFound(`configurationId = ${configurationId}`);
    return method === 'GET' ? [200, configuration] : [405, { message: 'Method not allowed' }];
  }

  function meOrderRoute(method: string, segments: string[]): Reply {
    if (method !== 'GET') return [405, { class: 'Client::MethodNotAllowed', message: 'Method not allowed' }];
    const [orderId, sub, detailId] = segments;
    if (orderId === undefined) return [200, [...orders.keys()]];
    const order = orders.get(Number(orderId));
    if (!order) return notFound(`orderId = ${orderId}`);
    const tax = Math.round(order.priceCents * VAT_RATE);
    if (sub === undefined) {
      return [
        200,
        {
          orderId: order.orderId,
          date: order.date.toISOString(),
          expirationDate: new Date(order.date.getTime() + 14 * DAY_MS).toISOString(),
          retractionDate: null,
          password: randomBytes(4).toString('hex'),
          pdfUrl: `https://www.ovh.com/cgi-bin/order/display-order.cgi?orderId=${order.orderId}&format=pdf`,
          url: `https://www.ovh.com/cgi-bin/order/display-order.cgi?orderId=${order.orderId}`,
          priceWithoutTax: price(order.priceCents),
          tax: price(tax),
          priceWithTax: price(order.priceCents + tax),
        },
      ];
    }
    if (sub === 'status') return json(statusOf(order));
    if (sub !== 'details') return [405, { class: 'Client::MethodNotAllowed', message: 'Method not allowed' }];
    if (detailId === undefined) return [200, [order.detailId]];
    if (Number(detailId) !== order.detailId) return notFound(`orderDetailId = ${detailId}`);
    return [
      200,
      {
        orderDetailId: order.detailId,
        description: `${modelOf(order.planCode).offer} ${order.planCode} (${order.datacenter}, ${order.os})`,
        detailType: 'DURATION',
        domain: order.serviceName ?? '*001',
        quantity: '1',
        cancelled: order.cancelled,
        unitPrice: price(order.priceCents),
        totalPrice: price(order.priceCents),
      },
    ];
  }

  return {
    carts,
    items,
    orders,
    deliverDue,
    /** Answers the ordering paths (segments after the base path), or null for the others. */
    route(method: string, segments: string[], query: URLSearchParams, raw: nock.Body): Reply | null {
      if (segments[0] === 'order' && segments[1] === 'cart') return cartRoute(method, segments.slice(2), query, body(raw));
      if (segments[0] === 'me' && segments[1] === 'order') return meOrderRoute(method, segments.slice(2));
      return null;
    },
    setPlanPrice(planCode: string, monthlyCents: number) {
      planPrices.set(planCode, monthlyCents);
    },
    setDefaultPaymentMethod(on: boolean) {
      defaultPaymentMethod = on;
    },
    cancelOrder(orderId: number) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`OVH fake: no order ${orderId}`);
      order.cancelled = true;
    },
    expireCart(cartId: string) {
      const cart = carts.get(cartId);
      if (!cart) throw new Error(`OVH fake: no cart ${cartId}`);
      cart.expire = new Date(now().getTime() - 1);
    },
  };
}

export type OvhOrderingFake = ReturnType<typeof createOvhOrderingFake>;
