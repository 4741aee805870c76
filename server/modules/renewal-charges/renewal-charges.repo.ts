import type { Knex } from 'knex';
import { readKeysetPage, type Keyset } from '../../db/keyset';

export type ChargeSlot = 'due-3' | 'due-1' | 'due-0';
export type AttemptStatus = 'started' | 'succeeded' | 'pending' | 'declined' | 'requires_action' | 'error';
export type AttemptSource = 'wallet' | 'stripe' | 'mollie' | 'sandbox';

/** An unpaid renewal invoice of a server whose automatic renewal is on, with what paying it needs. */
export interface ChargeCandidate {
  id: number;
  uuid: string;
  user_id: number;
  total_cents: number;
  currency: string;
  due_at: Date;
  vps_id: number;
  service_name: string;
}

export interface AttemptRow {
  id: number;
  order_id: number;
  slot: ChargeSlot;
  source: AttemptSource;
  payment_method_id: number | null;
  status: AttemptStatus;
  provider_ref: string | null;
  failure_code: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The machine's service ends at its term ("Résilier"): nothing renews, nothing is charged for it. */
function endingAtTerm(db: Knex) {
  return db('services').whereRaw('services.vps_id = vps.id').whereNotNull('services.end_at_term_requested_at').select(db.raw('1'));
}

/** Renewal invoices still unpaid, due by `until`, of servers still the customer's with automatic renewal on and not ending at term. */
export function renewalsToCharge(db: Knex, until: Date): Promise<ChargeCandidate[]> {
  return db('orders')
    .join('vps', 'vps.order_id', 'orders.renewal_of_order_id')
    .where('orders.status', 'unpaid')
    .whereNotNull('orders.due_at')
    .where('orders.due_at', '<=', until)
    .whereNull('orders.transfer_announced_at')
    .where('vps.auto_renew', true)
    .whereIn('vps.state', ['assigned', 'suspended'])
    .whereNotExists(endingAtTerm(db))
    .orderBy('orders.due_at')
    .select(
      'orders.id',
      'orders.uuid',
      'orders.user_id',
      'orders.total_cents',
      'orders.currency',
      'orders.due_at',
      'vps.id as vps_id',
      'vps.service_name',
    ) as Promise<ChargeCandidate[]>;
}

/** Whether an earlier attempt took the money or is still settling: nothing more to try then. */
export async function chargeUnderway(db: Knex, orderId: number): Promise<boolean> {
  return Boolean(await db('renewal_charge_attempts').where({ order_id: orderId }).whereIn('status', ['succeeded', 'pending']).first('id'));
}

/**
 * Claims the slot's attempt: the row is unique per (invoice, slot), so one instance wins. An
 * attempt left `started` longer than `staleBefore` (its run crashed) is claimed again, with its
 * first source and method, so its retry carries the same idempotency key.
 */
export async function claimAttempt(
  db: Knex,
  attempt: Pick<AttemptRow, 'order_id' | 'slot' | 'source' | 'payment_method_id'>,
  at: Date,
  staleBefore: Date,
): Promise<AttemptRow | null> {
  const [inserted] = (await db('renewal_charge_attempts')
    .insert({ ...attempt, status: 'started', created_at: at, updated_at: at })
    .onConflict(['order_id', 'slot'])
    .ignore()
    .returning('*')) as AttemptRow[];
  if (inserted) return inserted;
  const [stale] = (await db('renewal_charge_attempts')
    .where({ order_id: attempt.order_id, slot: attempt.slot, status: 'started' })
    .where('updated_at', '<', staleBefore)
    .update({ updated_at: at })
    .returning('*')) as AttemptRow[];
  return stale ?? null;
}

export async function endAttempt(
  db: Knex,
  id: number,
  result: { status: AttemptStatus; provider_ref?: string | null; failure_code?: string | null },
  at: Date,
): Promise<void> {
  await db('renewal_charge_attempts')
    .where({ id })
    .update({ ...result, updated_at: at });
}

export function attemptsOf(db: Knex, orderId: number): Promise<AttemptRow[]> {
  return db('renewal_charge_attempts').where({ order_id: orderId }).orderBy('id') as Promise<AttemptRow[]>;
}

/** The customer's choice: is the wallet used first for automatic renewals? */
export async function walletFirst(db: Knex, userId: number): Promise<boolean> {
  const row = await db('users').where({ id: userId }).first('auto_renew_from_wallet');
  return Boolean(row?.auto_renew_from_wallet);
}

export interface CustomerServiceRow {
  /** The machine (the page's cursor). */
  id: number;
  /** What the customer bought: the machine's service line, else its order's first line (issue 34). */
  product_name: string | null;
  service_name: string;
  auto_renew: boolean;
  expires_at: Date | null;
  /** The customer the machine serves, through its order. */
  user_id: number;
}

function renewingServices(db: Knex, userId: number) {
  return db('vps')
    .join('orders', 'orders.id', 'vps.order_id')
    .where('orders.user_id', userId)
    .whereIn('vps.state', ['assigned', 'suspended'])
    .select(
      'vps.id',
      db.raw(
        `coalesce(
           (SELECT l.name FROM services s JOIN order_lines l ON l.id = s.order_line_id WHERE s.vps_id = vps.id LIMIT 1),
           (SELECT l.name FROM order_lines l WHERE l.order_id = orders.id ORDER BY l.id LIMIT 1)
         ) AS product_name`,
      ),
      'vps.service_name',
      'vps.auto_renew',
      'vps.expires_at',
      'orders.user_id',
    );
}

/**
 * The customer's servers by the order each serves, oldest first: a page walks the customer's orders
 * along orders_customer_newest_idx (read backwards), as the panel's server list does. The cursor is
 * a machine's id.
 */
const OLDEST_SERVICES: Keyset = {
  table: 'vps',
  alias: 'vps',
  keys: ['orders.created_at', 'orders.id'],
  direction: 'asc',
  cursor: { select: 'o.created_at, o.id', from: 'vps c JOIN orders o ON o.id = c.order_id WHERE c.id = ?' },
};

/** A page of the customer's servers that still renew (delivered or suspended) after the server `after`; the next page's cursor. */
export function customerServices(
  db: Knex,
  userId: number,
  page: { after?: number; limit: number },
): Promise<{ rows: CustomerServiceRow[]; next: number | null }> {
  return readKeysetPage<CustomerServiceRow>(renewingServices(db, userId), OLDEST_SERVICES, page.after, page.limit);
}

/** One of the customer's servers that still renew; undefined for another's or one that no longer renews. */
export function customerService(db: Knex, userId: number, vpsId: number): Promise<CustomerServiceRow | undefined> {
  return renewingServices(db, userId).where('vps.id', vpsId).first();
}

/** Sets one of the customer's servers' switch; false when the server is not theirs. */
export async function setServiceAutoRenew(db: Knex, userId: number, vpsId: number, enabled: boolean, now: Date): Promise<boolean> {
  const updated = await db('vps')
    .where({ id: vpsId })
    .whereIn('order_id', db('orders').where({ user_id: userId }).select('id'))
    .update({ auto_renew: enabled, updated_at: now });
  return updated > 0;
}

export async function setWalletFirst(db: Knex, userId: number, enabled: boolean): Promise<void> {
  await db('users').where({ id: userId }).update({ auto_renew_from_wallet: enabled });
}

/** Whether a server's automatic renewal is on. */
export async function serviceAutoRenews(db: Knex, vpsId: number): Promise<boolean> {
  const row = await db('vps').where({ id: vpsId }).first('auto_renew');
  return Boolean(row?.auto_renew);
}

/** What deciding between the wallet and the saved method reads of the customer. */
export function walletChoice(
  db: Knex,
  userId: number,
): Promise<{ wallet_cents: number; currency: string; auto_renew_from_wallet: boolean } | undefined> {
  return db('users').where({ id: userId }).first('wallet_cents', 'currency', 'auto_renew_from_wallet');
}

export interface ExpiringCardRow {
  method_id: number;
  user_id: number;
  brand: string | null;
  last4: string | null;
  exp_month: number;
  exp_year: number;
  vps_id: number;
  service_name: string;
  expires_at: Date;
}

/**
 * Default cards that will have expired when a server's next renewal is charged (3 days before its
 * expiry, `chargeDays`), for servers with automatic renewal on expiring by `until` (not those ending
 * at term: nothing will be charged). A card is valid to the end of its expiry month.
 */
export function cardsExpiringBeforeRenewal(db: Knex, now: Date, until: Date, chargeDays: number): Promise<ExpiringCardRow[]> {
  return db('payment_methods as pm')
    .join('orders', 'orders.user_id', 'pm.user_id')
    .join('vps', 'vps.order_id', 'orders.id')
    .where({ 'pm.is_default': true, 'pm.kind': 'card', 'vps.auto_renew': true })
    .whereIn('vps.state', ['assigned', 'suspended'])
    .whereNotExists(endingAtTerm(db))
    .whereNotNull('pm.exp_month')
    .whereNotNull('pm.exp_year')
    .whereBetween('vps.expires_at', [now, until])
    .whereRaw("make_date(pm.exp_year, pm.exp_month, 1) + interval '1 month' <= vps.expires_at - make_interval(days => ?)", [chargeDays])
    .select(
      'pm.id as method_id',
      'pm.user_id',
      'pm.brand',
      'pm.last4',
      'pm.exp_month',
      'pm.exp_year',
      'vps.id as vps_id',
      'vps.service_name',
      'vps.expires_at',
    ) as Promise<ExpiringCardRow[]>;
}
