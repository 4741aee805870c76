import type { Knex } from 'knex';
import type { OrderStatus, Role } from '../../../../shared/constants';
import type { StaffUsersQuery } from '../../../../shared/schemas/staff/users';
import type { OrderEndingRow } from '../../orders/order-ending.presenter';
import { readKeysetPage, type Keyset } from '../../../db/keyset';

/** The columns the Users list reads: the account's public fields and its counts, never a hash. */
export interface StaffUserRow {
  id: number;
  full_name: string;
  email: string;
  role: Role;
  is_online: boolean;
  user_type: string;
  company_name: string | null;
  country: string;
  created_at: Date;
  orders_count: number;
  vps_count: number;
  wallet_cents: number;
  deleted_at: Date | null;
}

export interface StaffUserDetailRow extends StaffUserRow {
  address: string | null;
  phone: string | null;
  vat_number: string | null;
  language: string;
  email_verified_at: Date | null;
  auto_renew_from_wallet: boolean;
}

export interface UserOrderRow extends OrderEndingRow {
  id: number;
  status: OrderStatus;
  product_name: string | null;
  total_cents: number;
  currency: string;
  created_at: Date;
  invoice_number: string | null;
}

export interface UserVpsRow {
  id: number;
  service_name: string;
  ip: string;
  os: string;
  plan: string;
  state: string;
  expires_at: Date | null;
  auto_renew: boolean;
}

const LIST_COLUMNS = [
  'u.id',
  'u.full_name',
  'u.email',
  'u.role',
  'u.is_online',
  'u.user_type',
  'u.company_name',
  'u.country',
  'u.created_at',
  'u.wallet_cents',
  'u.deleted_at',
];

/** The list's columns with the counts; a deleted machine no longer counts as the customer's. */
function usersWithCounts(db: Knex) {
  return db('users as u').select(
    ...LIST_COLUMNS,
    db.raw('(SELECT count(*) FROM orders o WHERE o.user_id = u.id) AS orders_count'),
    db.raw("(SELECT count(*) FROM vps v JOIN orders o ON o.id = v.order_id WHERE o.user_id = u.id AND v.state <> 'deleted') AS vps_count"),
  );
}

/** `%` and `_` typed in the search box are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest account first, id breaking ties (index users_newest_idx). */
const NEWEST_USERS: Keyset = { table: 'users', alias: 'u', keys: ['{t}.created_at', '{t}.id'], direction: 'desc' };

/** A page of accounts after the account `after` (keyset), and the cursor of the next page. */
export async function listStaffUsers(
  db: Knex,
  query: StaffUsersQuery,
  limit: number,
): Promise<{ rows: StaffUserRow[]; next: number | null }> {
  const q = usersWithCounts(db);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    q.where((w) =>
      w
        .whereRaw("u.full_name ILIKE ? ESCAPE '\\'", [pattern])
        .orWhereRaw("u.email ILIKE ? ESCAPE '\\'", [pattern])
        .orWhereRaw("u.company_name ILIKE ? ESCAPE '\\'", [pattern]),
    );
  }
  if (query.role) q.where('u.role', query.role);
  return readKeysetPage<StaffUserRow>(q, NEWEST_USERS, query.after, limit);
}

export async function findStaffUser(db: Knex, id: number): Promise<StaffUserDetailRow | undefined> {
  return usersWithCounts(db)
    .select('u.address', 'u.phone', 'u.vat_number', 'u.language', 'u.email_verified_at', 'u.auto_renew_from_wallet')
    .where('u.id', id)
    .first();
}

/** One account's orders, newest first, id breaking ties (index orders_customer_newest_idx). */
const NEWEST_ORDERS: Keyset = { table: 'orders', alias: 'o', keys: ['{t}.created_at', '{t}.id'], direction: 'desc' };

/** A page of the account's orders after the order `after`, each with its lines' names; the next page's cursor. */
export function listUserOrders(
  db: Knex,
  userId: number,
  page: { after?: number; limit: number },
): Promise<{ rows: UserOrderRow[]; next: number | null }> {
  const query = db('orders as o')
    .where('o.user_id', userId)
    .select(
      'o.id',
      'o.status',
      db.raw(
        `(SELECT string_agg(CASE WHEN l.qty > 1 THEN l.name || ' × ' || l.qty ELSE l.name END, ', ' ORDER BY l.id)
            FROM order_lines l WHERE l.order_id = o.id) AS product_name`,
      ),
      'o.total_cents',
      'o.currency',
      'o.created_at',
      'o.invoice_number',
      'o.cancel_reason',
      'o.refunded_cents',
      'o.refunded_to',
    );
  return readKeysetPage<UserOrderRow>(query, NEWEST_ORDERS, page.after, page.limit);
}

/**
 * An account's machines by the order each serves (a machine serves one order), newest first: a page
 * walks the account's orders down orders_customer_newest_idx, as the panel's list does. The cursor
 * is a machine's id.
 */
const NEWEST_USER_VPS: Keyset = {
  table: 'vps',
  alias: 'v',
  keys: ['o.created_at', 'o.id'],
  direction: 'desc',
  cursor: { select: 'co.created_at, co.id', from: 'vps c JOIN orders co ON co.id = c.order_id WHERE c.id = ?' },
};

/** A page of the machines delivered to the account's orders (no login, no password: not selected); the next page's cursor. */
export function listUserVps(
  db: Knex,
  userId: number,
  page: { after?: number; limit: number },
): Promise<{ rows: UserVpsRow[]; next: number | null }> {
  const query = db('vps as v')
    .join('orders as o', 'o.id', 'v.order_id')
    .where('o.user_id', userId)
    .select('v.id', 'v.service_name', 'v.ip', 'v.os', 'v.plan', 'v.state', 'v.expires_at', 'v.auto_renew');
  return readKeysetPage<UserVpsRow>(query, NEWEST_USER_VPS, page.after, page.limit);
}

/** Of the account's machines not deleted, how many there are and how many renew on their own. */
export async function countUserAutoRenew(db: Knex, userId: number): Promise<{ on: number; total: number }> {
  const row = (await db('vps as v')
    .join('orders as o', 'o.id', 'v.order_id')
    .where('o.user_id', userId)
    .whereNot('v.state', 'deleted')
    .first(db.raw('count(*) FILTER (WHERE v.auto_renew) AS on_count'), db.raw('count(*) AS total'))) as {
    on_count: number;
    total: number;
  };
  return { on: row.on_count, total: row.total };
}

/** Whether the account exists (deleted ones included: their rows stay, anonymised). */
export async function userExists(db: Knex, id: number): Promise<boolean> {
  return Boolean(await db('users').where({ id }).first('id'));
}

/** Locks the account row until the transaction ends; what a role or admin-password change reads. */
export function lockUserForChange(trx: Knex, id: number): Promise<{ id: number; role: Role; is_online: boolean } | undefined> {
  return trx('users').where({ id }).forUpdate().first('id', 'role', 'is_online');
}

/** A new role; leaving 'support' goes off duty, leaving the staff drops the admin password. */
export async function updateUserRole(
  trx: Knex,
  id: number,
  change: { role: Role; goesOffDuty: boolean; leavesStaff: boolean },
  now: Date,
): Promise<void> {
  await trx('users')
    .where({ id })
    .update({
      role: change.role,
      ...(change.goesOffDuty && { is_online: false }),
      ...(change.leavesStaff && { admin_password_hash: null }),
      updated_at: now,
    });
}

export async function updateAdminPasswordHash(trx: Knex, id: number, hash: string, now: Date): Promise<void> {
  await trx('users').where({ id }).update({ admin_password_hash: hash, updated_at: now });
}
