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

/**
 * A machine delivered to `userId`: a paid order of theirs and a VPS assigned to it, its password
 * sealed with `encryptionKey` as the app keeps it.
 */
export async function buildDeliveredVps(
  db: Knex,
  userId: number,
  options: { encryptionKey: string; password?: string; vps?: Record<string, unknown> },
) {
  const { encryptSecret } = await import('../../server/crypto/secret-box');
  const [order] = await db('orders')
    .insert({ user_id: userId, status: 'paid', subtotal_cents: 1000, tax_rate: 21, tax_cents: 210, total_cents: 1210, paid_at: new Date() })
    .returning('*');
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
  return { order: order as { id: number; uuid: string }, vps: vps as { id: number; service_name: string } };
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
