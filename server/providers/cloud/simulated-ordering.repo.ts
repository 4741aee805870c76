import type { Knex } from 'knex';

// The OVH ordering sandbox's orders (simulated-ordering.ts) and the machines their delivery adds to
// the inventory.

export interface SandboxOrderRow {
  id: number;
  reference: string;
  plan_code: string;
  datacenter: string;
  os: string;
  duration_months: number;
  price_cents: number;
  status: 'pending' | 'delivered' | 'failed';
  delivers_at: Date;
  service_name: string | null;
  failure_reason: string | null;
}

export type NewSandboxOrder = Pick<
  SandboxOrderRow,
  'reference' | 'plan_code' | 'datacenter' | 'os' | 'duration_months' | 'price_cents' | 'delivers_at'
>;

/** A `vps` row as a delivery inserts it: a free machine of the inventory. */
export interface DeliveredMachine {
  service_name: string;
  ip: string;
  os: string;
  os_family: string;
  plan: string;
  region: string;
  ram_gb: number;
  cores: number;
  storage_gb: number;
  traffic: string;
  login: string;
  password_encrypted: string;
}

const orders = (db: Knex) => db('sandbox_vps_orders');

/** bigint ids come back as text from pg: the order id is a number. */
const withNumberId = (row: SandboxOrderRow | undefined): SandboxOrderRow | undefined => row && { ...row, id: Number(row.id) };

export async function findOrder(db: Knex, id: number): Promise<SandboxOrderRow | undefined> {
  return withNumberId(await orders(db).where({ id }).first());
}

export async function findOrderByReference(db: Knex, reference: string): Promise<SandboxOrderRow | undefined> {
  return withNumberId(await orders(db).where({ reference }).first());
}

/** Records the order, or answers the reference's order if another attempt recorded it first. */
export async function insertOrder(db: Knex, order: NewSandboxOrder, now: Date): Promise<SandboxOrderRow> {
  await orders(db)
    .insert({ ...order, created_at: now, updated_at: now })
    .onConflict('reference')
    .ignore();
  return (await findOrderByReference(db, order.reference))!;
}

/** The documentation addresses (RFC 5737) the inventory's machines already have. */
export function usedDocumentationIps(db: Knex): Promise<string[]> {
  return db('vps').where('ip', 'like', '203.0.113.%').orWhere('ip', 'like', '198.51.100.%').pluck('ip');
}

/**
 * Delivers a pending order that is due: the order names the machine, which joins the inventory,
 * in one transaction. Conditional, so of two readers (or instances) only one delivers.
 */
export async function deliverOrder(db: Knex, id: number, machine: DeliveredMachine, at: Date): Promise<void> {
  await db.transaction(async (trx) => {
    const delivered = await trx('sandbox_vps_orders')
      .where({ id, status: 'pending' })
      .where('delivers_at', '<=', at)
      .update({ status: 'delivered', service_name: machine.service_name, updated_at: at });
    if (delivered === 0) return;
    await trx('vps').insert({ ...machine, state: 'available', power_status: 'running', created_at: at, updated_at: at });
  });
}

/** Fails a pending order that is due, with the reason the follower reads. */
export async function failOrder(db: Knex, id: number, reason: string, at: Date): Promise<void> {
  await orders(db)
    .where({ id, status: 'pending' })
    .where('delivers_at', '<=', at)
    .update({ status: 'failed', failure_reason: reason, updated_at: at });
}
