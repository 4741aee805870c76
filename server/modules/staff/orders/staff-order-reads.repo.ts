import type { Knex } from 'knex';
import type { OrderStatus, OsFamily } from '../../../../shared/constants';
import type { OrderEndingRow } from '../../orders/order-ending.presenter';
import type { PlanSize } from '../../../../shared/staff/vps-fit';
import { readKeysetPage, type Keyset } from '../../../db/keyset';

// The staff order list's reads (the page, one row, the free machines). The order workflow's
// writes live in staff-orders.repo.ts; these queries only read.

/** The statuses staff still work on; paid (delivered) and cancelled leave the list (spec §4). */
export const LISTED_STATUSES: readonly OrderStatus[] = ['unpaid', 'pending', 'in_progress'];

/** One row of the staff list: the order with its customer, lines, OS and agent, and how it ended. */
export interface StaffOrderRow extends OrderEndingRow {
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
  total_cents: number;
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
  ram_gb: number;
  cores: number;
  storage_gb: number;
}

/** The plan an order bought: its first line's name and specs (config_products, as sold). */
export interface OrderedPlanRow {
  os: string | null;
  plan_name: string | null;
  plan_config: Record<string, string | number> | null;
}

/**
 * The lines' names and what the order asks for: its own OS, or (orders placed before the OS was
 * kept) the first product's ovh_config.os; its duration in months from that product.
 */
export const ORDER_SUMMARY = `
  LEFT JOIN LATERAL (
    SELECT string_agg(CASE WHEN l.qty > 1 THEN l.name || ' × ' || l.qty ELSE l.name END, ', ' ORDER BY l.id) AS product_name,
           (array_agg(p.ovh_config->>'os' ORDER BY l.id))[1] AS product_os,
           (array_agg(p.ovh_duration ORDER BY l.id))[1] AS product_duration,
           (array_agg(p.ovh_pricing_mode ORDER BY l.id))[1] AS product_pricing_mode,
           (array_agg(l.name ORDER BY l.id))[1] AS plan_name,
           (array_agg(l.config_products ORDER BY l.id))[1] AS plan_config
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
      'orders.cancel_reason',
      'orders.refunded_cents',
      'orders.refunded_to',
    );
}

/**
 * Open orders, newest first (id breaks ties): `limit` after the order `after` (the last one of
 * the page before), by keyset, so page 300 costs what page 1 costs. The cursor order may have
 * left the list since: its place in the order is still known. `skip` (the spec's page numbers)
 * counts past that many orders instead, in the same order.
 */
export function listOpenOrders(db: Knex, from: { after?: number; skip?: number }, limit: number): Promise<StaffOrderRow[]> {
  const query = staffOrders(db)
    .whereIn('orders.status', LISTED_STATUSES)
    .orderBy([
      { column: 'orders.created_at', order: 'desc' },
      { column: 'orders.id', order: 'desc' },
    ])
    .limit(limit);
  if (from.after !== undefined) {
    query.whereRaw('(orders.created_at, orders.id) < (SELECT c.created_at, c.id FROM orders c WHERE c.id = ?)', [from.after]);
  }
  if (from.skip) query.offset(from.skip);
  return query;
}

export function findStaffOrder(db: Knex, id: number): Promise<StaffOrderRow | undefined> {
  return staffOrders(db).where('orders.id', id).first();
}

/** The OS and plan an order asks for; undefined when there is no such order. */
export async function findOrderedPlan(db: Knex, id: number): Promise<OrderedPlanRow | undefined> {
  return (await db('orders')
    .joinRaw(ORDER_SUMMARY)
    .where('orders.id', id)
    .first(db.raw("COALESCE(NULLIF(orders.os, ''), summary.product_os) AS os"), 'summary.plan_name', 'summary.plan_config')) as
    OrderedPlanRow | undefined;
}

/**
 * With no order, the machines by id. Beside a plan, as shared/staff/vps-fit.ts orders them: the
 * matching ones, then the larger from the smallest, then those too small (id breaking ties); with
 * an order whose plan is unknown every machine is a match, so by size. The comparison with the plan
 * is computed here (it depends on the order), so this order has no index: a page sorts the free
 * machines of one family, a bounded inventory, and answers at most `limit` of them.
 */
export function availableVpsOrder(withOrder: boolean, plan: PlanSize | null): Keyset {
  const bySize = ['{t}.ram_gb', '{t}.cores', '{t}.storage_gb', '{t}.id'];
  const base = { table: 'vps', alias: 'v', direction: 'asc' } as const;
  if (!withOrder) return { ...base, keys: ['{t}.id'] };
  if (!plan) return { ...base, keys: bySize };
  // match 0, larger 1, smaller 2: as vpsFit; numeric, as a plan may say 1.5 GB.
  const fitRank = `CASE WHEN {t}.ram_gb < ?::numeric OR {t}.cores < ?::numeric OR {t}.storage_gb < ?::numeric THEN 2
    WHEN {t}.ram_gb = ?::numeric AND {t}.cores = ?::numeric AND {t}.storage_gb = ?::numeric THEN 0 ELSE 1 END`;
  const sizes = [plan.ram, plan.cores, plan.storage];
  return { ...base, keys: [fitRank, ...bySize], bindings: [...sizes, ...sizes] };
}

/** A page of the machines free to assign, of one family or of any, after the machine `after`; the next page's cursor. */
export function listAvailableVps(
  db: Knex,
  family: OsFamily | null,
  order: Keyset,
  page: { after?: number; limit: number },
): Promise<{ rows: AvailableVpsRow[]; next: number | null }> {
  const query = db('vps as v')
    .where('v.state', 'available')
    .whereNull('v.order_id')
    .select('v.id', 'v.service_name', 'v.ip', 'v.os', 'v.os_family', 'v.plan', 'v.region', 'v.ram_gb', 'v.cores', 'v.storage_gb');
  if (family) query.where('v.os_family', family);
  return readKeysetPage<AvailableVpsRow>(query, order, page.after, page.limit);
}
