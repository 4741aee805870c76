import type { Knex } from 'knex';
import type { ServiceKind } from '../../../shared/constants';
import type { OrderRow } from '../orders/orders.repo';
import type { ServiceRow } from '../services/services.repo';

// The rows the billing steps read: the services customers own (a VPS or a game server) with their
// service order, and the renewal invoices issued for them (orders.renewal_of_order_id = the service
// order, due_at = its expiry: every service of an order shares its period).

/** A service the billing cycle follows: live (active or suspended), with a period. */
export interface BilledServiceRow {
  id: number;
  kind: ServiceKind;
  status: 'active' | 'suspended';
  order_id: number;
  /** The customer, through the service order. */
  user_id: number;
  expires_at: Date;
  suspended_at: Date | null;
  end_at_term_requested_at: Date | null;
  vps_id: number | null;
  /** The VPS's name at the cloud provider; null for a game server. */
  vps_service_name: string | null;
  panel_server_id: number | null;
  host: string | null;
  port: number | null;
  /** What the customer bought: the service's order line, else its order's first line. */
  product_name: string | null;
}

export const LIVE_STATUSES = ['active', 'suspended'] as const;

function billedServices(db: Knex) {
  return db('services')
    .join('orders', 'orders.id', 'services.order_id')
    .leftJoin('vps', 'vps.id', 'services.vps_id')
    .whereIn('services.status', LIVE_STATUSES)
    .whereNotNull('services.expires_at')
    .select(
      'services.id',
      'services.kind',
      'services.status',
      'services.order_id',
      'orders.user_id',
      'services.expires_at',
      'services.suspended_at',
      'services.end_at_term_requested_at',
      'services.vps_id',
      'vps.service_name as vps_service_name',
      'services.panel_server_id',
      'services.host',
      'services.port',
      db.raw(
        `COALESCE((SELECT l.name FROM order_lines l WHERE l.id = services.order_line_id),
                  (SELECT l.name FROM order_lines l WHERE l.order_id = services.order_id ORDER BY l.id LIMIT 1)) AS product_name`,
      ),
    );
}

/** Services expiring by `until` that renew (no end at term asked) and have no renewal invoice for that expiry yet. */
export function servicesNeedingRenewal(db: Knex, until: Date): Promise<BilledServiceRow[]> {
  return billedServices(db)
    .whereNull('services.end_at_term_requested_at')
    .where('services.expires_at', '<=', until)
    .whereNotExists(
      db('orders as renewal')
        .whereRaw('renewal.renewal_of_order_id = services.order_id')
        .whereRaw('renewal.due_at = services.expires_at')
        .select(db.raw('1')),
    )
    .orderBy('services.id');
}

/** Services whose customer asked to end them at term ("Résilier"), their term reached by `now`. */
export function servicesEndingAtTerm(db: Knex, now: Date): Promise<BilledServiceRow[]> {
  return billedServices(db)
    .whereNotNull('services.end_at_term_requested_at')
    .where('services.expires_at', '<=', now)
    .orderBy('services.id');
}

/** Running services expired before `expiredBefore` (nothing paid extended them) that are not ending at term. */
export function servicesToSuspend(db: Knex, expiredBefore: Date): Promise<BilledServiceRow[]> {
  return billedServices(db)
    .where('services.status', 'active')
    .whereNull('services.end_at_term_requested_at')
    .where('services.expires_at', '<=', expiredBefore)
    .orderBy('services.id');
}

/** Suspended services whose suspension began before `suspendedBefore`. */
export function servicesToTerminate(db: Knex, suspendedBefore: Date): Promise<BilledServiceRow[]> {
  return billedServices(db)
    .where('services.status', 'suspended')
    .where('services.suspended_at', '<=', suspendedBefore)
    .orderBy('services.id');
}

/** One service as the billing steps read it (the reactivation follow-up, after the payment's commit). */
export function findBilledService(db: Knex, serviceId: number): Promise<BilledServiceRow | undefined> {
  return billedServices(db).where('services.id', serviceId).first();
}

/** The service order's live services, locked in id order until the caller's transaction ends. */
export function lockLiveServicesOfOrder(trx: Knex, orderId: number): Promise<ServiceRow[]> {
  return trx<ServiceRow>('services').where({ order_id: orderId }).whereIn('status', LIVE_STATUSES).orderBy('id').forUpdate();
}

/** Whether the order keeps a live service beside `serviceId` (its renewal invoice still has something to renew). */
export async function otherLiveService(trx: Knex, orderId: number, serviceId: number): Promise<boolean> {
  const row = await trx('services').where({ order_id: orderId }).whereIn('status', LIVE_STATUSES).whereNot({ id: serviceId }).first('id');
  return row !== undefined;
}

/** The names the customer knows each order's renewing services by (live, not ending at term), one text per order ("a, b"). */
export async function renewingServiceNames(db: Knex, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const rows = (await billedServices(db)
    .whereIn('services.order_id', orderIds)
    .whereNull('services.end_at_term_requested_at')
    .orderBy('services.id')) as BilledServiceRow[];
  const names = new Map<number, string[]>();
  for (const row of rows) names.set(row.order_id, [...(names.get(row.order_id) ?? []), serviceLabel(row)]);
  return new Map([...names].map(([orderId, list]) => [orderId, list.join(', ')]));
}

/** How a mail names the service: the VPS's name, or the game bought with its address. */
export function serviceLabel(
  service: Pick<BilledServiceRow, 'id' | 'kind' | 'vps_service_name' | 'product_name' | 'host' | 'port'>,
): string {
  if (service.kind === 'vps') return service.vps_service_name ?? service.product_name ?? `#${service.id}`;
  const address = service.host && service.port ? `${service.host}:${service.port}` : null;
  if (service.product_name && address) return `${service.product_name} (${address})`;
  return service.product_name ?? address ?? `#${service.id}`;
}

export type ProviderAction = 'suspend' | 'unsuspend' | 'terminate';

/** The provider action the service's new status calls for, owed until the provider took it. */
export async function owesProviderAction(trx: Knex, serviceId: number, action: ProviderAction): Promise<void> {
  await trx('services').where({ id: serviceId }).update({ provider_action_due: action });
}

/** The provider took `action`: nothing more is owed, unless the service moved on and owes another since. */
export async function providerActionDone(db: Knex, serviceId: number, action: ProviderAction): Promise<void> {
  await db('services').where({ id: serviceId, provider_action_due: action }).update({ provider_action_due: null });
}

/** What the service owes its provider right now (read again just before asking it). */
export async function providerActionDue(db: Knex, serviceId: number): Promise<ProviderAction | null> {
  const row = (await db('services').where({ id: serviceId }).first('provider_action_due')) as
    { provider_action_due: ProviderAction | null } | undefined;
  return row?.provider_action_due ?? null;
}

export interface OwedActionRow {
  id: number;
  kind: ServiceKind;
  vps_id: number | null;
  vps_service_name: string | null;
  panel_server_id: number | null;
  provider_action_due: ProviderAction;
}

/** Services whose provider was not reached yet for their last change (down, refused, a crash after the commit). */
export function servicesOwingProviderAction(db: Knex): Promise<OwedActionRow[]> {
  return db('services')
    .leftJoin('vps', 'vps.id', 'services.vps_id')
    .whereNotNull('services.provider_action_due')
    .orderBy('services.id')
    .select(
      'services.id',
      'services.kind',
      'services.vps_id',
      'vps.service_name as vps_service_name',
      'services.panel_server_id',
      'services.provider_action_due',
    ) as Promise<OwedActionRow[]>;
}

/** The period runs on to `expiresAt` without a change of status (a renewal paid while active). */
export async function extendServiceExpiry(trx: Knex, serviceId: number, expiresAt: Date, now: Date): Promise<void> {
  await trx('services').where({ id: serviceId }).update({ expires_at: expiresAt, updated_at: now });
}

export interface UnpaidRenewalRow extends OrderRow {
  due_at: Date;
}

/**
 * Unpaid renewal invoices due after `after` and up to `until`, of orders that still have a live
 * service to renew (one whose customer did not ask to end it at term).
 */
export function unpaidRenewalsDue(db: Knex, after: Date, until: Date): Promise<UnpaidRenewalRow[]> {
  return db('orders')
    .where('orders.status', 'unpaid')
    .whereNotNull('orders.renewal_of_order_id')
    .where('orders.due_at', '>', after)
    .where('orders.due_at', '<=', until)
    .whereExists(
      db('services')
        .whereRaw('services.order_id = orders.renewal_of_order_id')
        .whereIn('services.status', LIVE_STATUSES)
        .whereNull('services.end_at_term_requested_at')
        .select(db.raw('1')),
    )
    .select('orders.*')
    .orderBy('orders.id');
}

/** The months one payment of this service order buys (its first product's duration and pricing mode). */
export async function serviceTerms(db: Knex, orderId: number): Promise<{ duration: string | null; pricingMode: string | null }> {
  const row = (await db('order_lines')
    .leftJoin('products', 'products.id', 'order_lines.product_id')
    .where('order_lines.order_id', orderId)
    .orderBy('order_lines.id')
    .first('products.ovh_duration', 'products.ovh_pricing_mode')) as
    { ovh_duration: string | null; ovh_pricing_mode: string | null } | undefined;
  return { duration: row?.ovh_duration ?? null, pricingMode: row?.ovh_pricing_mode ?? null };
}

/** Whether the renewal invoice for this expiry exists (checked again under the service's lock). */
export async function renewalExists(trx: Knex, serviceOrderId: number, dueAt: Date): Promise<boolean> {
  return (await trx('orders').where({ renewal_of_order_id: serviceOrderId, due_at: dueAt }).first('id')) !== undefined;
}

/** The renewal invoice of this expiry still waiting for its money, if any. */
export function openRenewalFor(
  trx: Knex,
  serviceOrderId: number,
  dueAt: Date,
): Promise<Pick<OrderRow, 'id' | 'total_cents' | 'currency'> | undefined> {
  return trx('orders')
    .where({ renewal_of_order_id: serviceOrderId, due_at: dueAt, status: 'unpaid' })
    .first('id', 'total_cents', 'currency');
}

/** The service order's unpaid renewal invoices, locked in id order (a payment locks the same rows first). */
export function lockOpenRenewals(trx: Knex, serviceOrderId: number): Promise<OrderRow[]> {
  return trx<OrderRow>('orders').where({ renewal_of_order_id: serviceOrderId, status: 'unpaid' }).orderBy('id').forUpdate();
}
