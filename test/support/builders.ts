import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';

// Builders create what a test needs, parents included, with overridable fields.

export async function buildCategory(db: Knex, overrides: { name?: string; position?: number } = {}) {
  const [row] = await db('categories')
    .insert({ name: overrides.name ?? `Catégorie ${randomBytes(3).toString('hex')}`, position: overrides.position ?? 0 })
    .returning('*');
  return row as { id: number; name: string };
}

export async function buildProduct(db: Knex, overrides: Record<string, unknown> = {}) {
  const categoryId = (overrides.category_id as number | undefined) ?? (await buildCategory(db)).id;
  const slug = `produit-${randomBytes(4).toString('hex')}`;
  const [row] = await db('products')
    .insert({
      name: 'VPS Test',
      slug,
      description: 'Un VPS de test',
      price_cents: 999,
      stock: 10,
      config_products: JSON.stringify({ ram: '4 Go', cores: 2 }),
      ...overrides,
      category_id: categoryId,
    })
    .returning('*');
  return row as { id: number; slug: string; name: string };
}

export async function buildUser(db: Knex, overrides: Record<string, unknown> = {}) {
  const [row] = await db('users')
    .insert({
      email: `user-${randomBytes(4).toString('hex')}@example.test`,
      full_name: 'Jean Test',
      ...overrides,
    })
    .returning('*');
  return row as { id: number; email: string };
}

/** The service status that goes with an inventory machine's state (as the services migration maps them). */
const SERVICE_STATUS_OF_VPS: Record<string, string> = { assigned: 'active', suspended: 'suspended', deleted: 'terminated' };

/**
 * A machine delivered to `userId`: a paid order of theirs, a VPS assigned to it (its password sealed
 * with `encryptionKey` as the app keeps it) and the service the customer owns through it, whose
 * status, period and suspension follow the machine's overrides.
 */
export async function buildDeliveredVps(
  db: Knex,
  userId: number,
  options: { encryptionKey: string; password?: string; vps?: Record<string, unknown> },
) {
  const { encryptSecret } = await import('../../server/crypto/secret-box');
  const order = await buildPaidServiceOrder(db, userId);
  const suffix = randomBytes(3).toString('hex');
  const [vps] = await db('vps')
    .insert({
      service_name: `vps-${suffix}.vps.ovh.net`,
      ip: '203.0.113.50',
      os: 'Debian 12',
      os_family: 'linux',
      plan: 'VPS Comfort',
      region: 'GRA',
      ram_gb: 8,
      cores: 4,
      storage_gb: 160,
      traffic: 'Illimité',
      state: 'assigned',
      power_status: 'running',
      login: 'root',
      password_encrypted: encryptSecret(options.password ?? 'S3cret-vps-pass', options.encryptionKey),
      order_id: order.id,
      assigned_at: new Date(),
      started_at: new Date(),
      expires_at: new Date(Date.now() + 30 * 86_400_000),
      ...options.vps,
    })
    .returning('*');
  const [service] = await db('services')
    .insert({
      user_id: userId,
      order_id: order.id,
      unit: 1,
      kind: 'vps',
      delivery: 'manual',
      status: SERVICE_STATUS_OF_VPS[vps.state as string] ?? 'active',
      vps_id: vps.id,
      delivered_at: vps.assigned_at,
      expires_at: vps.expires_at,
      suspended_at: vps.suspended_at,
      terminated_at: vps.terminated_at,
    })
    .returning('*');
  return {
    order,
    vps: vps as { id: number; service_name: string },
    service: service as { id: number },
  };
}

/**
 * A game server delivered to `userId` on the panel (its server `panelServerId`): an active service
 * of a paid order of theirs, or of `orderId` (one order may hold several services, sharing its period).
 */
export async function buildDeliveredGameServer(
  db: Knex,
  userId: number,
  options: { panelServerId: number; orderId?: number; service?: Record<string, unknown> },
) {
  const order = options.orderId ? { id: options.orderId } : await buildPaidServiceOrder(db, userId);
  const existing = (await db('services').where({ order_id: order.id }).max('unit as unit').first()) as { unit: number | null };
  const [service] = await db('services')
    .insert({
      user_id: userId,
      order_id: order.id,
      unit: (existing.unit ?? 0) + 1,
      kind: 'game',
      delivery: 'pterodactyl',
      status: 'active',
      panel_server_id: options.panelServerId,
      panel_identifier: randomBytes(4).toString('hex'),
      host: '198.51.100.7',
      port: 25565,
      delivered_at: new Date(),
      expires_at: new Date(Date.now() + 30 * 86_400_000),
      ...options.service,
    })
    .returning('*');
  return { order, service: service as { id: number; panel_server_id: number; expires_at: Date } };
}

async function buildPaidServiceOrder(db: Knex, userId: number) {
  const [order] = await db('orders')
    .insert({ user_id: userId, status: 'paid', subtotal_cents: 1000, tax_rate: 21, tax_cents: 210, total_cents: 1210, paid_at: new Date() })
    .returning('*');
  return order as { id: number; uuid: string };
}

/** A free Linux machine staff may deliver (no order, state available). */
export async function buildAvailableVps(db: Knex, fields: Record<string, unknown> = {}) {
  const [vps] = await db('vps')
    .insert({
      service_name: `vps-${randomBytes(4).toString('hex')}.vps.ovh.net`,
      ip: '203.0.113.10',
      os: 'Debian 12',
      os_family: 'linux',
      plan: 'VPS Starter',
      region: 'GRA',
      ram_gb: 2,
      cores: 1,
      storage_gb: 40,
      traffic: 'Illimité',
      login: 'root',
      password_encrypted: 'sealed-not-a-real-secret',
      ...fields,
    })
    .returning('*');
  return vps as { id: number; service_name: string };
}

/**
 * An unpaid renewal invoice of `userId` (the billing cycle's kind of order: it holds no stock), with
 * the delivered service order it renews.
 */
export async function buildUnpaidRenewal(db: Knex, userId: number, overrides: Record<string, unknown> = {}) {
  const amounts = { subtotal_cents: 1000, tax_rate: 21, tax_cents: 210, total_cents: 1210 };
  const [service] = await db('orders')
    .insert({ user_id: userId, status: 'paid', ...amounts, paid_at: new Date() })
    .returning('id');
  const [renewal] = await db('orders')
    .insert({ user_id: userId, status: 'unpaid', ...amounts, renewal_of_order_id: service.id, due_at: new Date(), ...overrides })
    .returning('*');
  return renewal as { id: number };
}
