import type { Knex } from 'knex';
import type { DeliveryMode, OsFamily, ServiceKind } from '../../../../shared/constants';

// What a delivery reads of the product bought and of the customer, and the inventory it draws from.

export interface ProductDeliveryRow {
  id: number;
  name: string;
  service_kind: ServiceKind;
  delivery: DeliveryMode;
  delivery_config: Record<string, unknown>;
  os_choices: { id: string; name: string; family: OsFamily }[];
  variants: { id: string; name: string; egg?: number; dockerImage?: string; startup?: string; environment?: Record<string, string> }[];
  config_products: Record<string, unknown>;
  ovh_duration: string;
  ovh_pricing_mode: string;
}

export function productDelivery(db: Knex, productId: number): Promise<ProductDeliveryRow | undefined> {
  return db('products')
    .where({ id: productId })
    .first(
      'id',
      'name',
      'service_kind',
      'delivery',
      'delivery_config',
      'os_choices',
      'variants',
      'config_products',
      'ovh_duration',
      'ovh_pricing_mode',
    );
}

/** The lines of a paid order with what each product delivers, in line order. */
export function orderLinesToDeliver(trx: Knex, orderId: number) {
  return trx('order_lines')
    .leftJoin('products', 'products.id', 'order_lines.product_id')
    .where('order_lines.order_id', orderId)
    .orderBy('order_lines.id')
    .select(
      'order_lines.id',
      'order_lines.product_id',
      'order_lines.qty',
      'order_lines.os',
      'order_lines.variant',
      'products.service_kind',
      'products.delivery',
    ) as Promise<
    {
      id: number;
      product_id: number | null;
      qty: number;
      os: string | null;
      variant: string | null;
      service_kind: ServiceKind | null;
      delivery: DeliveryMode | null;
    }[]
  >;
}

export interface OwnerRow {
  id: number;
  email: string;
  full_name: string | null;
}

export function serviceOwner(db: Knex, userId: number): Promise<OwnerRow | undefined> {
  return db('users').where({ id: userId }).first('id', 'email', 'full_name');
}

export interface InventoryMachine {
  id: number;
  service_name: string;
  ip: string;
  os: string;
  os_family: OsFamily;
  state: string;
}

export interface MachineRequirement {
  family: OsFamily | null;
  plan: string;
  ram: number;
  cores: number;
  storage: number;
}

/**
 * Claims the smallest free machine that is at least the plan bought (the staff picker's rule: never
 * smaller) and of the chosen system's family, for this order: SKIP LOCKED, so two deliveries at
 * once never take the same one. The machine is `provisioning` until the service is delivered.
 */
export async function claimFreeMachine(
  trx: Knex,
  input: { serviceId: number; orderId: number; need: MachineRequirement; at: Date },
): Promise<InventoryMachine | undefined> {
  const { need } = input;
  const query = trx('vps')
    .where({ state: 'available' })
    .whereNull('order_id')
    .where('ram_gb', '>=', need.ram)
    .where('cores', '>=', need.cores)
    .where('storage_gb', '>=', need.storage)
    .orderBy([{ column: 'ram_gb' }, { column: 'cores' }, { column: 'storage_gb' }, { column: 'id' }])
    .forUpdate()
    .skipLocked()
    .first('id');
  if (need.family) query.where({ os_family: need.family });
  if (need.plan) query.where({ plan: need.plan });
  const free = (await query) as { id: number } | undefined;
  if (!free) return undefined;
  const [machine] = (await trx('vps')
    .where({ id: free.id })
    .update({ state: 'provisioning', order_id: input.orderId, updated_at: input.at })
    .returning(['id', 'service_name', 'ip', 'os', 'os_family', 'state'])) as InventoryMachine[];
  await trx('services').where({ id: input.serviceId }).update({ vps_id: free.id, updated_at: input.at });
  return machine;
}

export function findMachine(db: Knex, id: number): Promise<InventoryMachine | undefined> {
  return db('vps').where({ id }).first('id', 'service_name', 'ip', 'os', 'os_family', 'state');
}

export function findMachineByName(db: Knex, serviceName: string): Promise<InventoryMachine | undefined> {
  return db('vps').where({ service_name: serviceName }).first('id', 'service_name', 'ip', 'os', 'os_family', 'state');
}

/** A machine OVH delivered for this service joins the inventory as the service's own. */
export async function takeOrderedMachine(trx: Knex, input: { serviceId: number; orderId: number; vpsId: number; at: Date }): Promise<void> {
  await trx('vps').where({ id: input.vpsId }).update({ state: 'provisioning', order_id: input.orderId, updated_at: input.at });
  await trx('services').where({ id: input.serviceId }).update({ vps_id: input.vpsId, updated_at: input.at });
}

/** The machine is the customer's: assigned, running from `at` until `expiresAt`. */
export async function markMachineDelivered(trx: Knex, vpsId: number, at: Date, expiresAt: Date): Promise<void> {
  await trx('vps')
    .where({ id: vpsId })
    .update({ state: 'assigned', assigned_at: at, started_at: at, expires_at: expiresAt, power_status: 'running', updated_at: at });
}

/** Whether a step of this service already ran to completion (e.g. the system's reinstall was asked). */
export async function stepDone(db: Knex, serviceId: number, step: string): Promise<boolean> {
  return (await db('service_delivery_attempts').where({ service_id: serviceId, step, outcome: 'ok' }).first('id')) !== undefined;
}

/** A machine the automation claimed but did not deliver goes back to the free inventory. */
export async function releaseMachine(trx: Knex, vpsId: number, at: Date): Promise<void> {
  await trx('vps').where({ id: vpsId, state: 'provisioning' }).update({ state: 'available', order_id: null, updated_at: at });
}

/**
 * A machine OVH delivered (live mode) joins the inventory, available until its service takes it;
 * found again by its service name when an earlier step already added it. OVH mails its root
 * password to the account holder: none is stored until a reinstall sets one.
 */
export async function insertOrderedMachine(
  db: Knex,
  machine: {
    service_name: string;
    ip: string;
    os: string;
    plan: string;
    region: string;
    ram_gb: number;
    cores: number;
    storage_gb: number;
    at: Date;
  },
): Promise<InventoryMachine | undefined> {
  const { at, ...fields } = machine;
  await db('vps')
    .insert({
      ...fields,
      os_family: /windows/i.test(fields.os) ? 'windows' : 'linux',
      traffic: 'Illimité',
      login: 'root',
      state: 'available',
      created_at: at,
      updated_at: at,
    })
    .onConflict('service_name')
    .ignore();
  return findMachineByName(db, machine.service_name);
}
