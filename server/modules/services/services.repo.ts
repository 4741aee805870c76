import type { Knex } from 'knex';
import type { DeliveryMode, ServiceKind, ServiceStatus } from '../../../shared/constants';

// The services table (DESIGN.md §7): what each customer owns, one row per unit bought.

export interface ServiceRow {
  id: number;
  user_id: number;
  order_id: number;
  order_line_id: number | null;
  unit: number;
  product_id: number | null;
  kind: ServiceKind;
  delivery: DeliveryMode;
  status: ServiceStatus;
  os: string | null;
  variant: string | null;
  vps_id: number | null;
  panel_server_id: number | null;
  panel_identifier: string | null;
  host: string | null;
  port: number | null;
  ovh_order_id: string | null;
  delivery_deadline: Date | null;
  attempts: number;
  last_error: string | null;
  delivered_at: Date | null;
  expires_at: Date | null;
  end_at_term_requested_at: Date | null;
  suspended_at: Date | null;
  terminated_at: Date | null;
  data_deleted_at: Date | null;
  /** The customer's last reinstall (issue 33): running, or how it ended. */
  reinstall_state: 'installing' | 'done' | 'failed' | null;
  reinstall_os: string | null;
  reinstall_started_at: Date | null;
  reinstall_finished_at: Date | null;
  reinstall_key_name: string | null;
  reinstall_key_fingerprint: string | null;
  created_at: Date;
  updated_at: Date;
}

export type ServiceValues = Partial<Omit<ServiceRow, 'id'>>;
export type NewService = Pick<
  ServiceRow,
  'user_id' | 'order_id' | 'order_line_id' | 'unit' | 'product_id' | 'kind' | 'delivery' | 'status'
> &
  ServiceValues;

export async function insertService(trx: Knex, values: NewService): Promise<ServiceRow> {
  const [row] = (await trx('services').insert(values).returning('*')) as ServiceRow[];
  return row!;
}

/** The row, locked until the caller's transaction ends: one change at a time per service. */
export function lockService(trx: Knex, id: number): Promise<ServiceRow | undefined> {
  return trx<ServiceRow>('services').where({ id }).forUpdate().first();
}

export function findService(db: Knex, id: number): Promise<ServiceRow | undefined> {
  return db<ServiceRow>('services').where({ id }).first();
}

/** Writes the row only while it is still in `from`: the caller holds its lock, so a miss is a bug. */
export async function updateServiceIf(trx: Knex, id: number, from: ServiceStatus, values: ServiceValues): Promise<ServiceRow | undefined> {
  const [row] = (await trx('services').where({ id, status: from }).update(values).returning('*')) as ServiceRow[];
  return row;
}

/** Columns that are not part of a status change (the provider's ids, the attempt count, the error). */
export async function recordServiceFacts(db: Knex, id: number, values: ServiceValues): Promise<ServiceRow | undefined> {
  const [row] = (await db('services').where({ id }).update(values).returning('*')) as ServiceRow[];
  return row;
}

export function servicesOfOrder(db: Knex, orderId: number): Promise<ServiceRow[]> {
  return db<ServiceRow>('services').where({ order_id: orderId }).orderBy('id');
}

export interface DeliveryAttempt {
  id: string;
  service_id: number;
  step: string;
  outcome: 'ok' | 'waiting' | 'failed' | 'gave_up';
  detail: string | null;
  at: Date;
}

export async function recordAttempt(db: Knex, attempt: Omit<DeliveryAttempt, 'id'>): Promise<void> {
  await db('service_delivery_attempts').insert(attempt);
}

export function attemptsOf(db: Knex, serviceIds: readonly number[], limitEach = 20): Promise<DeliveryAttempt[]> {
  if (!serviceIds.length) return Promise.resolve([]);
  return db
    .select('*')
    .from(
      db('service_delivery_attempts')
        .whereIn('service_id', serviceIds)
        .select('*', db.raw('row_number() over (partition by service_id order by id desc) as rank'))
        .as('ranked'),
    )
    .where('rank', '<=', limitEach)
    .orderBy([{ column: 'service_id' }, { column: 'id' }]) as Promise<DeliveryAttempt[]>;
}

/** Services still provisioning past their deadline (the watchdog hands them to staff). */
export function overdueDeliveries(db: Knex, now: Date): Promise<ServiceRow[]> {
  return db<ServiceRow>('services').where({ status: 'provisioning' }).where('delivery_deadline', '<=', now).orderBy('id').limit(100);
}

/** A service with what its provider knows it by (the VPS's name at the cloud, the panel's server id). */
export function serviceWithMachine(db: Knex, id: number): Promise<(ServiceRow & { vps_service_name: string | null }) | undefined> {
  return db('services')
    .leftJoin('vps', 'vps.id', 'services.vps_id')
    .where('services.id', id)
    .first('services.*', 'vps.service_name as vps_service_name');
}
