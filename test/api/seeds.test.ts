import argon2 from 'argon2';
import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../server/crypto/secret-box';
import { DEFAULT_CATEGORY_NAME, type OsFamily } from '../../shared/constants';
import { vpsFitsOrderOs } from '../../shared/staff/os-family';
import { planSizeOf, vpsFit } from '../../shared/staff/vps-fit';
import { seedDemoData } from '../../seeds/index';
import { FREE_PER_PLAN } from '../../seeds/vps-inventory';
import { gameVariantsSchema, readDeliverySettings } from '../../shared/schemas/delivery-settings';
import { panelSettingsErrors } from '../../server/modules/staff/products/panel-settings-check';
import { createGamePanel } from '../../server/providers/game-panel/index';
import { createTestDatabase, type TestDatabase } from '../support/database';

const ENCRYPTION_KEY = randomBytes(32).toString('hex');

/** Every table the seed writes, with the key that orders its rows. */
const SEEDED_TABLES = {
  categories: 'id',
  subcategories: 'id',
  products: 'id',
  users: 'id',
  vps: 'id',
  orders: 'id',
  order_lines: 'id',
  invoice_counters: 'year',
  wallet_transactions: 'id',
  support_tickets: 'id',
  ratings: 'id',
} as const;
type SeededTable = keyof typeof SEEDED_TABLES;
type Snapshot = Record<SeededTable, unknown[]>;

async function snapshot(db: Knex): Promise<Snapshot> {
  const out = {} as Snapshot;
  for (const [table, key] of Object.entries(SEEDED_TABLES) as [SeededTable, string][]) {
    out[table] = await db(table).select('*').orderBy(key);
  }
  return out;
}

const DEMO_ACCOUNTS = [
  { email: 'client@demo.test', role: 'customer', password: 'Demo-client-1', adminPassword: null },
  { email: 'support@demo.test', role: 'support', password: 'Demo-staff-1', adminPassword: 'Demo-admin-1' },
  { email: 'support2@demo.test', role: 'support', password: 'Demo-staff-1', adminPassword: 'Demo-admin-1' },
  { email: 'manager@demo.test', role: 'manager', password: 'Demo-staff-1', adminPassword: 'Demo-admin-1' },
  { email: 'admin@demo.test', role: 'admin', password: 'Demo-staff-1', adminPassword: 'Demo-admin-1' },
] as const;

describe('seedDemoData', () => {
  let testDb: TestDatabase;
  let db: Knex;
  let afterFirstRun: Snapshot;
  let afterSecondRun: Snapshot;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.db;
    await seedDemoData(db, { encryptionKey: ENCRYPTION_KEY });
    afterFirstRun = await snapshot(db);
    await seedDemoData(db, { encryptionKey: ENCRYPTION_KEY });
    afterSecondRun = await snapshot(db);
  }, 120_000);

  afterAll(async () => {
    await testDb?.destroy();
  });

  it('leaves exactly the same rows in every seeded table when run a second time', () => {
    for (const table of Object.keys(SEEDED_TABLES) as SeededTable[]) {
      expect(afterFirstRun[table].length, table).toBeGreaterThan(0);
      expect(afterSecondRun[table].length, table).toBe(afterFirstRun[table].length);
    }
    expect(afterSecondRun).toEqual(afterFirstRun);
  });

  it('creates the five demo accounts with their roles, verified, whose passwords verify', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await db('users').first('*').whereRaw('lower(email) = ?', [account.email]);
      expect(user, account.email).toBeDefined();
      expect(user.role).toBe(account.role);
      expect(user.email_verified_at).toBeInstanceOf(Date);
      expect(user.language).toBe('fr');
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(await argon2.verify(user.password_hash, account.password)).toBe(true);
      if (account.adminPassword) {
        expect(await argon2.verify(user.admin_password_hash, account.adminPassword)).toBe(true);
        expect(await argon2.verify(user.admin_password_hash, account.password)).toBe(false);
      } else {
        expect(user.admin_password_hash).toBeNull();
      }
    }
  });

  it('seeds at least 15 products whose stock is above 5, between 1 and 5, and 0', async () => {
    const products: { stock: number; price_cents: number; tax_rate: number; currency: string }[] = await db('products').select(
      'stock',
      'price_cents',
      'tax_rate',
      'currency',
    );
    expect(products.length).toBeGreaterThanOrEqual(15);
    expect(products.filter((p) => p.stock > 5).length).toBeGreaterThanOrEqual(2);
    expect(products.filter((p) => p.stock >= 1 && p.stock <= 5).length).toBeGreaterThanOrEqual(2);
    expect(products.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2);
    for (const p of products) {
      expect(p.price_cents).toBeGreaterThanOrEqual(399);
      expect(p.price_cents).toBeLessThanOrEqual(4999);
      expect(Number(p.tax_rate)).toBe(21);
      expect(p.currency).toBe('EUR');
    }
  });

  it('gives every category except Autre some products, and keeps Autre', async () => {
    const rows: { name: string; products: number }[] = await db('categories as c')
      .leftJoin('products as p', 'p.category_id', 'c.id')
      .groupBy('c.id', 'c.name')
      .select('c.name', db.raw('count(p.id)::int AS products'));
    const names = rows.map((r) => r.name).sort();
    expect(names).toEqual([DEFAULT_CATEGORY_NAME, 'Classique Linux', 'Classique Windows', 'Fivem', 'Garrys Mods', 'Minecraft'].sort());
    for (const row of rows) {
      if (row.name !== DEFAULT_CATEGORY_NAME) expect(row.products, row.name).toBeGreaterThan(0);
    }
  });

  it('gives the demo client a paid, invoiced order with an assigned VPS and an unpaid renewal', async () => {
    const client = await db('users').first('id').where({ email: 'client@demo.test' });
    const orders = await db('orders').select('*').where({ user_id: client.id }).orderBy('id');
    const paid = orders.find((o) => o.status === 'paid');
    expect(paid).toBeDefined();
    expect(paid.invoice_number).toMatch(/^\d{4}-\d{6}$/);
    expect(paid.paid_at).toBeInstanceOf(Date);
    expect(paid.invoiced_at).toBeInstanceOf(Date);

    const vps = await db('vps').first('*').where({ order_id: paid.id });
    expect(vps).toMatchObject({ state: 'assigned', power_status: 'running', os_family: 'linux' });
    expect(vps.expires_at.getTime()).toBeGreaterThan(Date.now());

    const unpaid = orders.find((o) => o.status === 'unpaid');
    expect(unpaid).toBeDefined();
    expect(unpaid.renewal_of_order_id).toBe(paid.id);
    expect(unpaid.invoice_number).toBeNull();
    expect(unpaid.due_at.getTime()).toBeGreaterThan(Date.now());

    // The next invoice number continues after the seeded one.
    const [year, number] = String(paid.invoice_number).split('-').map(Number);
    const counter = await db('invoice_counters').first('last_number').where({ year });
    expect(counter.last_number).toBeGreaterThanOrEqual(number ?? Infinity);
  });

  it('gives the demo client an active VPS and an active Minecraft server on the sandbox panel, and staff a failed delivery', async () => {
    const client = await db('users').first('id').where({ email: 'client@demo.test' });
    const services = await db('services').where({ user_id: client.id }).orderBy('id');
    expect(services.map((s) => [s.kind, s.status])).toEqual([
      ['vps', 'active'],
      ['game', 'active'],
    ]);
    const game = services[1];
    expect(game.host).toMatch(/\.play\.example$/);
    const onPanel = await createGamePanel({}, { db }).findServerByExternalId(String(game.id));
    expect(onPanel).toMatchObject({ id: game.panel_server_id, allocation: { host: game.host, port: game.port } });
    const failed = await db('services').where({ status: 'needs_staff' }).whereNot({ delivery: 'manual' });
    expect(failed).toHaveLength(1);
    expect(failed[0].last_error).toMatch(/unreachable/);
  });

  it('numbers every seeded paid order, in the order the payments came (a series is chronological)', async () => {
    const invoiced: { invoice_number: string; invoiced_at: Date; paid_at: Date }[] = await db('orders')
      .whereNotNull('paid_at')
      .orderBy('invoice_number')
      .select('invoice_number', 'invoiced_at', 'paid_at');
    expect(invoiced.length).toBeGreaterThanOrEqual(4);
    expect(invoiced.every((o) => o.invoice_number !== null && o.invoiced_at.getTime() === o.paid_at.getTime())).toBe(true);
    const dates = invoiced.map((o) => o.invoiced_at.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });

  it('gives the staff list open orders: pending, taken by support, and an announced bank transfer', async () => {
    const support = await db('users').first('id').where({ email: 'support@demo.test' });
    const open = await db('orders').select('*').whereIn('status', ['pending', 'in_progress', 'unpaid']);
    const pending = open.filter((o) => o.status === 'pending');
    expect(pending.length).toBeGreaterThanOrEqual(2);
    for (const o of pending) expect(o.support_id).toBeNull();
    expect(open.find((o) => o.status === 'in_progress')).toMatchObject({ support_id: support.id });

    const transfer = open.find((o) => o.payment_method === 'bank_transfer');
    expect(transfer.transfer_announced_at).toBeInstanceOf(Date);
    const match = /^\+\+\+(\d{3})\/(\d{4})\/(\d{5})\+\+\+$/.exec(transfer.transfer_reference);
    expect(match).not.toBeNull();
    const digits = match!.slice(1).join('');
    expect(Number(digits.slice(10))).toBe(Number(digits.slice(0, 10)) % 97 || 97);
  });

  it('has a free machine of its plan and OS family for every seeded order waiting for one (issue 17)', async () => {
    const open = await db('orders')
      .join('order_lines', 'order_lines.order_id', 'orders.id')
      .whereIn('orders.status', ['pending', 'in_progress', 'unpaid'])
      .whereNull('orders.renewal_of_order_id')
      .select('orders.uuid', 'orders.os', 'order_lines.config_products');
    expect(open.length).toBeGreaterThanOrEqual(4);
    const free: { os_family: OsFamily; ram_gb: number; cores: number; storage_gb: number }[] = await db('vps')
      .where({ state: 'available' })
      .select('*');
    for (const order of open) {
      const plan = planSizeOf(order.config_products);
      expect(plan, order.uuid).not.toBeNull();
      const fits = free.filter(
        (m) => vpsFitsOrderOs(order.os, m.os_family) && vpsFit(plan, { ram: m.ram_gb, cores: m.cores, storage: m.storage_gb }) === 'match',
      );
      expect(fits.length, order.uuid).toBeGreaterThan(0);
    }
  });

  it('delivers its game servers on the Pterodactyl panel and its VPS from the inventory, each with the systems offered', async () => {
    const products: {
      slug: string;
      service_kind: string;
      delivery: string;
      delivery_config: unknown;
      os_choices: { id: string; family: string }[];
      variants: { id: string }[];
      category: string;
    }[] = await db('products as p')
      .join('categories as c', 'c.id', 'p.category_id')
      .select('p.slug', 'p.service_kind', 'p.delivery', 'p.delivery_config', 'p.os_choices', 'p.variants', 'c.name as category');
    for (const p of products) {
      expect(readDeliverySettings(p.delivery, p.delivery_config), p.slug).not.toBeNull();
      if (['Minecraft', 'Fivem', 'Garrys Mods'].includes(p.category)) {
        expect(p, p.slug).toMatchObject({ service_kind: 'game', delivery: 'pterodactyl', os_choices: [] });
      } else {
        expect(p, p.slug).toMatchObject({ service_kind: 'vps', delivery: 'inventory', variants: [] });
        const family = p.category === 'Classique Windows' ? 'windows' : 'linux';
        expect(p.os_choices.length, p.slug).toBeGreaterThan(0);
        expect(new Set(p.os_choices.map((c) => c.family)), p.slug).toEqual(new Set([family]));
      }
    }
    const minecraft = products.filter((p) => p.category === 'Minecraft');
    expect(minecraft.length).toBeGreaterThan(0);
    for (const p of minecraft) expect(p.variants.map((v) => v.id)).toEqual(['paper', 'forge', 'fabric']);
    const linux = products.find((p) => p.slug === 'vps-linux-ssd-starter')!;
    expect(linux.os_choices.map((c) => c.id)).toEqual(['debian-12', 'ubuntu-24-04', 'almalinux-9']);

    // What the product form would save: the sandbox panel takes every game server and variant.
    const catalogue = await createGamePanel({}, { db }).catalogue();
    for (const p of products.filter((product) => product.delivery === 'pterodactyl')) {
      const settings = readDeliverySettings(p.delivery, p.delivery_config);
      if (settings?.mode !== 'pterodactyl') throw new Error(`${p.slug}: not Pterodactyl settings`);
      expect(panelSettingsErrors(catalogue, settings.pterodactyl, gameVariantsSchema.parse(p.variants)), p.slug).toEqual({});
    }
  });

  it('holds at least ten free machines of each VPS plan and system family, the plans the VPS products name', async () => {
    const free: { plan: string; os_family: string; machines: number }[] = await db('vps')
      .where({ state: 'available' })
      .whereNull('order_id')
      .groupBy('plan', 'os_family')
      .select('plan', 'os_family', db.raw('count(*)::int AS machines'));
    const plans: string[] = (await db('products').where({ delivery: 'inventory' }).select('delivery_config')).map(
      (p: { delivery_config: { inventory: { plan: string } } }) => p.delivery_config.inventory.plan,
    );
    expect(new Set(plans)).toEqual(new Set(['VPS Value', 'VPS Essential', 'VPS Comfort', 'VPS Elite']));
    for (const plan of new Set(plans)) {
      for (const family of ['linux', 'windows']) {
        const count = free.find((f) => f.plan === plan && f.os_family === family)?.machines ?? 0;
        expect(count, `${plan} ${family}`).toBeGreaterThanOrEqual(FREE_PER_PLAN);
      }
    }
  });

  it('stores every VPS password encrypted with the key', async () => {
    const machines: { password_encrypted: string | null; os_family: string }[] = await db('vps').select('*');
    expect(machines.length).toBeGreaterThanOrEqual(8);
    expect(new Set(machines.map((m) => m.os_family))).toEqual(new Set(['linux', 'windows']));
    for (const m of machines) {
      expect(m.password_encrypted).toEqual(expect.any(String));
      const clear = decryptSecret(m.password_encrypted!, ENCRYPTION_KEY);
      expect(clear.length).toBeGreaterThanOrEqual(12);
      expect(m.password_encrypted).not.toContain(clear);
    }
  });

  it('keeps every seeded order equal to the cart arithmetic of its lines', async () => {
    const orders = await db('orders').select('*');
    expect(orders.length).toBeGreaterThanOrEqual(6);
    for (const order of orders) {
      const lines = await db('order_lines').select('*').where({ order_id: order.id });
      expect(lines.length, order.uuid).toBe(1);
      const subtotal = lines.reduce((sum, l) => sum + (l.price_cents + l.support_cents + l.margin_cents) * l.qty, 0);
      const tax = Math.round((subtotal * Number(order.tax_rate)) / 100);
      expect(order.subtotal_cents, order.uuid).toBe(subtotal);
      expect(order.tax_cents, order.uuid).toBe(tax);
      expect(order.total_cents, order.uuid).toBe(subtotal + tax);
      expect(order.os, order.uuid).toEqual(expect.any(String));
    }
  });

  it('keeps each customer wallet equal to the sum of their wallet transactions', async () => {
    const client = await db('users').first('id', 'wallet_cents').where({ email: 'client@demo.test' });
    expect(client.wallet_cents).toBeGreaterThan(0);
    const rows: { user_id: number; wallet_cents: number; sum: number }[] = await db('users as u')
      .leftJoin('wallet_transactions as w', 'w.user_id', 'u.id')
      .groupBy('u.id', 'u.wallet_cents')
      .select('u.id as user_id', 'u.wallet_cents', db.raw('coalesce(sum(w.amount_cents), 0)::int AS sum'));
    for (const row of rows) expect(row.wallet_cents, `user ${row.user_id}`).toBe(row.sum);
  });

  it('seeds ratings from customers only and tickets including one from a visitor', async () => {
    const ratings = await db('ratings as r').join('users as u', 'u.id', 'r.user_id').select('u.role', 'r.rating');
    expect(ratings.length).toBeGreaterThanOrEqual(4);
    for (const r of ratings) expect(r.role).toBe('customer');
    const tickets = await db('support_tickets').select('*');
    expect(tickets.length).toBe(4);
    expect(tickets.some((t) => t.user_id === null)).toBe(true);
    expect(new Set(tickets.map((t) => t.status)).size).toBeGreaterThan(1);
  });
});

describe('seedDemoData on failure', () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });

  afterAll(async () => {
    await testDb?.destroy();
  });

  it('leaves nothing half-seeded when a step fails', async () => {
    // The VPS step needs the key, after catalogue and accounts have been written in the transaction.
    await expect(seedDemoData(testDb.db, { encryptionKey: 'not-a-key' })).rejects.toThrow(/ENCRYPTION_KEY/);
    expect(await testDb.db('categories').pluck('name')).toEqual([DEFAULT_CATEGORY_NAME]);
    expect(await testDb.db('users').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await testDb.db('products').count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
