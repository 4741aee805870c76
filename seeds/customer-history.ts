import type { Knex } from 'knex';
import { cartTotals } from '../shared/money/cart-totals';
import type { OrderStatus, PaymentMethod } from '../shared/constants';
import {
  CUSTOMER_EMMA_EMAIL,
  CUSTOMER_LUCAS_EMAIL,
  CUSTOMER_PIXELFORGE_EMAIL,
  CUSTOMER_SOPHIE_EMAIL,
  DEMO_CLIENT_EMAIL,
  DEMO_SUPPORT_EMAIL,
} from './accounts';
import { structuredReference } from '../shared/payments/structured-reference';
import { nextInvoiceNumber } from '../server/modules/invoices/invoice-number.repo';
import { lookup } from './lookup';
import { DEMO_CLIENT_VPS } from './vps-inventory';

// The demo client's history (a delivered VPS, its unpaid renewal, wallet movements) and other
// customers' open orders so the staff list has work. Orders are keyed by a fixed uuid and only
// inserted when missing: a re-run never rewinds an order the demo has moved on since.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SEED_ORDER_UUIDS = {
  clientPaid: '5eed0000-0000-4000-8000-000000000001',
  clientRenewal: '5eed0000-0000-4000-8000-000000000002',
  lucasPending: '5eed0000-0000-4000-8000-000000000003',
  pixelForgePending: '5eed0000-0000-4000-8000-000000000004',
  sophieInProgress: '5eed0000-0000-4000-8000-000000000005',
  emmaBankTransfer: '5eed0000-0000-4000-8000-000000000006',
  clientGame: '5eed0000-0000-4000-8000-000000000007',
} as const;

interface OrderSeed {
  uuid: string;
  email: string;
  productSlug: string;
  status: OrderStatus;
  createdAt: Date;
  fields: Record<string, unknown>;
}

interface ProductRow {
  id: number;
  name: string;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  tax_rate: number | string;
  currency: string;
  config_products: unknown;
  ovh_config: { os?: string } | null;
}

export async function seedCustomerHistory(db: Knex, users: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const userId = (email: string) => lookup(users, email.toLowerCase(), 'user');
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const supportId = userId(DEMO_SUPPORT_EMAIL);

  // The demo client: bought a VPS 20 days ago, delivered the next day; the renewal is due at expiry.
  const paidAt = at(-20 * DAY + 5 * 60_000);
  const deliveredAt = at(-19 * DAY);
  const expiresAt = addOneMonth(deliveredAt);
  const paid = await ensureOrder(
    db,
    {
      uuid: SEED_ORDER_UUIDS.clientPaid,
      email: DEMO_CLIENT_EMAIL,
      productSlug: 'vps-linux-nvme-pro',
      status: 'paid',
      createdAt: at(-20 * DAY),
      fields: {
        payment_method: 'card' satisfies PaymentMethod,
        provider_ref: 'cs_test_seed_demo_client_000001',
        paid_at: paidAt,
        support_id: supportId,
        taken_at: at(-19 * DAY - 3 * HOUR),
        delivered_at: deliveredAt,
      },
    },
    userId,
  );
  if (paid.inserted) await assignDemoVps(db, paid.id, deliveredAt, expiresAt);

  // The demo client's Minecraft server, bought ten days ago and online a minute after the payment.
  const gamePaidAt = at(-10 * DAY);
  await ensureOrder(
    db,
    {
      uuid: SEED_ORDER_UUIDS.clientGame,
      email: DEMO_CLIENT_EMAIL,
      productSlug: 'minecraft-survie-4go',
      status: 'paid',
      createdAt: at(-10 * DAY - 2 * 60_000),
      fields: {
        payment_method: 'card',
        provider_ref: 'cs_test_seed_demo_client_000007',
        paid_at: gamePaidAt,
        delivered_at: at(-10 * DAY + 60_000),
      },
    },
    userId,
  );

  await ensureOrder(
    db,
    {
      uuid: SEED_ORDER_UUIDS.clientRenewal,
      email: DEMO_CLIENT_EMAIL,
      productSlug: 'vps-linux-nvme-pro',
      status: 'unpaid',
      createdAt: at(-1 * DAY),
      fields: { renewal_of_order_id: paid.id, due_at: expiresAt },
    },
    userId,
  );

  // Other customers: two paid and waiting, one taken by support@demo.test, one bank transfer announced.
  await ensureOrder(
    db,
    {
      uuid: SEED_ORDER_UUIDS.lucasPending,
      email: CUSTOMER_LUCAS_EMAIL,
      productSlug: 'minecraft-survie-4go',
      status: 'pending',
      createdAt: at(-2 * HOUR),
      fields: { payment_method: 'card', provider_ref: 'cs_test_seed_lucas_000003', paid_at: at(-2 * HOUR + 3 * 60_000) },
    },
    userId,
  );
  await ensureOrder(
    db,
    {
      uuid: SEED_ORDER_UUIDS.pixelForgePending,
      email: CUSTOMER_PIXELFORGE_EMAIL,
      productSlug: 'vps-windows-standard',
      status: 'pending',
      createdAt: at(-5 * HOUR),
      fields: { payment_method: 'paypal', provider_ref: 'SEED-PAYPAL-000004', paid_at: at(-5 * HOUR + 2 * 60_000) },
    },
    userId,
  );
  await ensureOrder(
    db,
    {
      uuid: SEED_ORDER_UUIDS.sophieInProgress,
      email: CUSTOMER_SOPHIE_EMAIL,
      productSlug: 'fivem-rp-starter',
      status: 'in_progress',
      createdAt: at(-1 * DAY),
      fields: {
        payment_method: 'card',
        provider_ref: 'cs_test_seed_sophie_000005',
        paid_at: at(-1 * DAY + 4 * 60_000),
        support_id: supportId,
        taken_at: at(-20 * HOUR),
      },
    },
    userId,
  );
  await ensureOrder(
    db,
    {
      uuid: SEED_ORDER_UUIDS.emmaBankTransfer,
      email: CUSTOMER_EMMA_EMAIL,
      productSlug: 'vps-linux-ssd-confort',
      status: 'unpaid',
      createdAt: at(-1 * DAY - 3 * HOUR),
      fields: {
        payment_method: 'bank_transfer',
        transfer_reference: structuredReference('5120260006'),
        payer_name: 'Emma Janssens',
        payer_iban: 'BE68539007547034',
        transfer_announced_at: at(-1 * DAY - 2 * HOUR),
        reserved_until: at(4 * DAY - 3 * HOUR), // the default 5 days after it was placed
      },
    },
    userId,
  );

  await numberSeededInvoices(db);
  await seedWallet(db, userId(DEMO_CLIENT_EMAIL), at);
  // The balance is the sum of the movements, for every seeded customer (0 for those without any).
  await db('users')
    .whereIn('id', [...users.values()])
    .where({ role: 'customer' })
    .update({
      wallet_cents: db.raw('(SELECT coalesce(sum(amount_cents), 0) FROM wallet_transactions w WHERE w.user_id = users.id)'),
    });
}

/**
 * Every seeded order that was paid gets its invoice number, dated on its payment as settleOrder
 * would have, in the order the payments came (a series is chronological), once its lines exist
 * (an invoiced order's lines are final).
 */
async function numberSeededInvoices(db: Knex): Promise<void> {
  const paid: { id: number; paid_at: Date }[] = await db('orders')
    .whereIn('uuid', Object.values(SEED_ORDER_UUIDS))
    .whereNotNull('paid_at')
    .whereNull('invoice_number')
    .orderBy([{ column: 'paid_at' }, { column: 'id' }])
    .select('id', 'paid_at');
  for (const order of paid) {
    await db('orders')
      .where({ id: order.id })
      .update({ invoice_number: await nextInvoiceNumber(db, order.paid_at), invoiced_at: order.paid_at });
  }
}

async function ensureOrder(db: Knex, seed: OrderSeed, userId: (email: string) => number): Promise<{ id: number; inserted: boolean }> {
  const existing: { id: number } | undefined = await db('orders').first('id').where({ uuid: seed.uuid });
  if (existing) return { id: existing.id, inserted: false };

  const product: ProductRow | undefined = await db('products').first('*').where({ slug: seed.productSlug });
  if (!product) throw new Error(`seed: unknown product ${seed.productSlug}`);
  const taxRate = Number(product.tax_rate);
  const line = {
    product_id: product.id,
    name: product.name,
    price_cents: product.price_cents,
    support_cents: product.support_cents,
    margin_cents: product.margin_cents,
    qty: 1,
    tax_rate: taxRate,
    config_products: JSON.stringify(product.config_products ?? {}),
  };
  const totals = cartTotals([line]);

  const [row] = await db('orders')
    .insert({
      uuid: seed.uuid,
      user_id: userId(seed.email),
      status: seed.status,
      os: product.ovh_config?.os ?? null,
      subtotal_cents: totals.subtotalCents,
      tax_rate: taxRate,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
      currency: product.currency,
      created_at: seed.createdAt,
      updated_at: seed.createdAt,
      ...seed.fields,
    })
    .returning('id');
  const id = (row as { id: number } | undefined)?.id;
  if (id === undefined) throw new Error(`seed: could not insert order ${seed.uuid}`);
  await db('order_lines').insert({ ...line, order_id: id });
  return { id, inserted: true };
}

/** The demo client's machine, or (if the app gave that one away meanwhile) another available Linux VPS. */
async function assignDemoVps(db: Knex, orderId: number, deliveredAt: Date, expiresAt: Date): Promise<void> {
  const vps: { id: number } | undefined = await db('vps')
    .first('id')
    .where({ state: 'available', os_family: 'linux' })
    .whereNull('order_id')
    .orderByRaw('(service_name = ?) DESC, id', [DEMO_CLIENT_VPS])
    .forUpdate();
  if (!vps) throw new Error('seed: no available Linux VPS for the demo client');
  await db('vps').where({ id: vps.id }).update({
    state: 'assigned',
    order_id: orderId,
    assigned_at: deliveredAt,
    started_at: deliveredAt,
    expires_at: expiresAt,
    power_status: 'running',
  });
}

const WALLET_SEEDS = [
  { type: 'credit', amount_cents: 5000, description: 'Rechargement du portefeuille via PayPal', daysAgo: 30 },
  { type: 'debit', amount_cents: -1000, description: 'Achat d’une sauvegarde supplémentaire (1 mois)', daysAgo: 18 },
  { type: 'adjustment', amount_cents: 500, description: 'Geste commercial suite à une maintenance réseau', daysAgo: 7 },
] as const;

/** Keyed by (user, type, description): a re-run adds nothing. */
async function seedWallet(db: Knex, userId: number, at: (offsetMs: number) => Date): Promise<void> {
  for (const tx of WALLET_SEEDS) {
    const found = await db('wallet_transactions').first('id').where({ user_id: userId, type: tx.type, description: tx.description });
    if (found) continue;
    await db('wallet_transactions').insert({
      user_id: userId,
      type: tx.type,
      amount_cents: tx.amount_cents,
      description: tx.description,
      created_at: at(-tx.daysAgo * DAY),
    });
  }
}

function addOneMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
