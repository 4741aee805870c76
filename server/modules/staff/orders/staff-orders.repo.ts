import { servicePeriodMonths } from '../../../../shared/billing/service-period';
import type { Knex } from 'knex';
import type { OrderStatus, OsFamily } from '../../../../shared/constants';

/** The statuses staff still work on; paid (delivered) and cancelled leave the list (spec §4). */
export const OPEN_STATUSES: readonly OrderStatus[] = ['unpaid', 'pending', 'in_progress'];

/** One row of the staff list: the order with its customer, lines, OS and agent. */
export interface StaffOrderRow {
  id: number;
  uuid: string;
  status: OrderStatus;
  user_id: number;
  client_name: string;
  client_email: string;
  product_name: string | null;
  os: string | null;
  support_id: number | null;
  support_name: string | null;
  created_at: Date;
  paid_at: Date | null;
  total_cents: string | number;
  currency: string;
}

export interface AvailableVpsRow {
  id: number;
  service_name: string;
  ip: string;
  os: string;
  os_family: OsFamily;
  plan: string;
  region: string;
}

/**
 * The lines' names and what the order asks for: its own OS, or (orders placed before the OS was
 * kept) the first product's ovh_config.os; its duration in months from that product.
 */
const ORDER_SUMMARY = `
  LEFT JOIN LATERAL (
    SELECT string_agg(CASE WHEN l.qty > 1 THEN l.name || ' × ' || l.qty ELSE l.name END, ', ' ORDER BY l.id) AS product_name,
           (array_agg(p.ovh_config->>'os' ORDER BY l.id))[1] AS product_os,
           (array_agg(p.ovh_duration ORDER BY l.id))[1] AS product_duration,
           (array_agg(p.ovh_pricing_mode ORDER BY l.id))[1] AS product_pricing_mode
      FROM order_lines l LEFT JOIN products p ON p.id = l.product_id
     WHERE l.order_id = orders.id
  ) summary ON true`;

function staffOrders(db: Knex) {
  return db('orders')
    .join('users as client', 'client.id', 'orders.user_id')
    .leftJoin('users as agent', 'agent.id', 'orders.support_id')
    .joinRaw(ORDER_SUMMARY)
    .select(
      'orders.id',
      'orders.uuid',
      'orders.status',
      'orders.user_id',
      'client.full_name as client_name',
      'client.email as client_email',
      'summary.product_name',
      db.raw("COALESCE(NULLIF(orders.os, ''), summary.product_os) AS os"),
      'orders.support_id',
      'agent.full_name as support_name',
      'orders.created_at',
      'orders.paid_at',
      'orders.total_cents',
      'orders.currency',
    );
}

/** Open orders, newest first (id breaks ties), a page at a time (page from 1). */
export function listOpenOrders(db: Knex, page: number, limit: number): Promise<StaffOrderRow[]> {
  return staffOrders(db)
    .whereIn('orders.status', OPEN_STATUSES)
    .orderBy([
      { column: 'orders.created_at', order: 'desc' },
      { column: 'orders.id', order: 'desc' },
    ])
    .limit(limit)
    .offset((page - 1) * limit);
}

export function findStaffOrder(db: Knex, id: number): Promise<StaffOrderRow | undefined> {
  return staffOrders(db).where('orders.id', id).first();
}

/** What confirming needs beyond the order row: its OS and the months the first product runs for. */
export async function orderDeliveryTerms(trx: Knex, orderId: number): Promise<{ os: string | null; durationMonths: number }> {
  const row = (await trx('orders')
    .joinRaw(ORDER_SUMMARY)
    .where('orders.id', orderId)
    .first(
      trx.raw("COALESCE(NULLIF(orders.os, ''), summary.product_os) AS os"),
      'summary.product_duration',
      'summary.product_pricing_mode',
    )) as { os: string | null; product_duration: string | null; product_pricing_mode: string | null } | undefined;
  return { os: row?.os ?? null, durationMonths: servicePeriodMonths(row?.product_duration, row?.product_pricing_mode) };
}

/** Machines free to assign, of one family or of any, lowest id first. */
export function listAvailableVps(db: Knex, family: OsFamily | null): Promise<AvailableVpsRow[]> {
  const query = db('vps')
    .where('state', 'available')
    .whereNull('order_id')
    .select('id', 'service_name', 'ip', 'os', 'os_family', 'plan', 'region')
    .orderBy('id');
  return (family ? query.where('os_family', family) : query) as Promise<AvailableVpsRow[]>;
}

/** Locks the machine until the transaction ends: a VPS is assigned at most once. */
export function lockVps(trx: Knex, id: number) {
  return trx('vps').where({ id }).forUpdate().first() as Promise<
    (AvailableVpsRow & { state: string; order_id: number | null }) | undefined
  >;
}

/** The machine becomes the order's from `at` until `expiresAt`; answers what the delivery mail names. */
export async function assignVps(trx: Knex, vpsId: number, orderId: number, at: Date, expiresAt: Date) {
  const [assigned] = (await trx('vps')
    .where({ id: vpsId })
    .update({ state: 'assigned', order_id: orderId, assigned_at: at, started_at: at, expires_at: expiresAt, updated_at: at }, [
      'service_name',
      'ip',
      'os',
      'expires_at',
    ])) as { service_name: string; ip: string; os: string; expires_at: Date }[];
  return assigned!;
}
